import { Module } from '@nestjs/common';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { ProjectLinksRepository } from './project-links.repository';
import { ProjectLinksService } from './project-links.service';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService } from './projects.service';
import { ProjectsControllers } from './projects.controller';

@Module({
  imports: [ReferenceDataModule, CustomAttributesModule, OrganizationsModule],
  controllers: ProjectsControllers,
  providers: [ProjectsService, ProjectLinksService, ProjectLinksRepository, ProjectsRepository],
  exports: [ProjectsService],
})
export class ProjectsModule {}
