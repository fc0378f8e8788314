import { Module } from '@nestjs/common';
import { OrganizationsAdminController } from './organizations.admin.controller';
import { OrganizationsService } from './organizations.service';
import { UsersService } from './users.service';

@Module({
  controllers: [OrganizationsAdminController],
  providers: [OrganizationsService, UsersService],
  exports: [OrganizationsService, UsersService],
})
export class OrganizationsModule {}
