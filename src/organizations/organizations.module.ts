import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { DemoSeedService } from './demo-seed.service';
import { OrganizationsAdminController } from './organizations.admin.controller';
import { OrganizationsRepository } from './organizations.repository';
import { OrganizationsService } from './organizations.service';
import { UsersService } from './users.service';

@Module({
  imports: [AccessModule],
  controllers: [OrganizationsAdminController],
  providers: [OrganizationsService, OrganizationsRepository, UsersService, DemoSeedService],
  exports: [OrganizationsService, OrganizationsRepository, UsersService, DemoSeedService],
})
export class OrganizationsModule {}
