import { Module } from '@nestjs/common';
import { OrganizationsAdminController } from './organizations.admin.controller';
import { OrganizationsRepository } from './organizations.repository';
import { OrganizationsService } from './organizations.service';
import { UsersService } from './users.service';

@Module({
  controllers: [OrganizationsAdminController],
  providers: [OrganizationsService, OrganizationsRepository, UsersService],
  exports: [OrganizationsService, OrganizationsRepository, UsersService],
})
export class OrganizationsModule {}
