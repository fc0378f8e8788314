import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { DemoSeedService } from './demo-seed.service';
import { FirstOrganizationService } from './first-organization.service';

/** The first hour: the demo organization (README, "Demo data") and `npm run setup`'s first organization, user and key. */
@Module({
  imports: [OrganizationsModule, AccessModule],
  providers: [DemoSeedService, FirstOrganizationService],
  exports: [DemoSeedService, FirstOrganizationService],
})
export class DemoModule {}
