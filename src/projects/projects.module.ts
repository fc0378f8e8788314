import { Module } from '@nestjs/common';
import { bulkController } from '../crud/bulk.controller';
import { crudController, CrudControllerOptions } from '../crud/crud.controller';
import { customAttributeValuesController } from '../custom-attributes/custom-attribute-values.controller';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { CreateProjectDto, ProjectDto, ProjectQueryDto, UpdateProjectDto } from './dto/project.dto';
import { ProjectLinksService } from './project-links.service';
import { ProjectsAdminController } from './projects.admin.controller';
import { ProjectsRepository } from './projects.repository';
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

@Module({
  imports: [ReferenceDataModule, CustomAttributesModule, OrganizationsModule],
  controllers: [ProjectsBulkController, ProjectAttributesController, ProjectsController, ProjectsAdminController],
  providers: [ProjectsService, ProjectLinksService, ProjectsRepository],
  exports: [ProjectsService],
})
export class ProjectsModule {}
