import { bulkController } from '../crud/bulk.controller';
import { crudController, CrudControllerOptions } from '../crud/crud.controller';
import { customAttributeValuesController } from '../custom-attributes/custom-attribute-values.controller';
import { CreateProjectDto, ProjectDto, ProjectQueryDto, UpdateProjectDto } from './dto/project.dto';
import { ProjectsAdminController } from './projects.admin.controller';
import { ProjectsService } from './projects.service';

const projectsCrud: CrudControllerOptions = {
  path: 'projects',
  etag: true,
  tag: 'Projects',
  view: 'projects_view',
  edit: 'projects_edit',
  service: ProjectsService,
  response: ProjectDto,
  create: CreateProjectDto,
  update: UpdateProjectDto,
  query: ProjectQueryDto,
};
const ProjectsController = crudController(projectsCrud);
const ProjectsBulkController = bulkController(projectsCrud);

const ProjectAttributesController = customAttributeValuesController({
  path: 'projects',
  tag: 'Projects',
  entityType: 'PROJECT',
  view: 'projects_view',
  service: ProjectsService,
});

/** The routes of this module, in the order Nest registers them (fixed paths such as `bulk` before `:id`). */
export const ProjectsControllers = [ProjectsBulkController, ProjectAttributesController, ProjectsController, ProjectsAdminController];
