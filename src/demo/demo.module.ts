import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { DemoSeedService } from './demo-seed.service';

/** The demo organization, user and API key seeded on an empty embedded database (README). */
@Module({
  imports: [OrganizationsModule, AccessModule],
  providers: [DemoSeedService],
  exports: [DemoSeedService],
})
export class DemoModule {}
