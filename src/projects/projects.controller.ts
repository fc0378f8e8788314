import type { CrudControllerOptions } from '../crud/crud.controller';
import { recordControllers } from '../custom-attributes/record-controllers';
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

/** The routes of this module, in the order Nest registers them (recordControllers). */
export const ProjectsControllers = [...recordControllers(projectsCrud), ProjectsAdminController];
