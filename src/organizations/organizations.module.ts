import { Module } from '@nestjs/common';
import { ActingUserRights } from './acting-user-rights';
import { OrganizationsAdminController } from './organizations.admin.controller';
import { OrganizationsRepository } from './organizations.repository';
import { OrganizationsService } from './organizations.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  controllers: [OrganizationsAdminController],
  providers: [OrganizationsService, OrganizationsRepository, UsersService, UsersRepository, ActingUserRights],
  exports: [OrganizationsService, OrganizationsRepository, UsersService, UsersRepository, ActingUserRights],
})
export class OrganizationsModule {}
