import { Module } from '@nestjs/common';
import { ActingUserRights } from './acting-user-rights';
import { OrganizationsAdminController } from './organizations.admin.controller';
import { OrganizationsRepository } from './organizations.repository';
import { OrganizationsService } from './organizations.service';
import { UsersService } from './users.service';

@Module({
  controllers: [OrganizationsAdminController],
  providers: [OrganizationsService, OrganizationsRepository, UsersService, ActingUserRights],
  exports: [OrganizationsService, OrganizationsRepository, UsersService, ActingUserRights],
})
export class OrganizationsModule {}
