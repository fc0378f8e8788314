import { Module } from '@nestjs/common';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { TeamsService } from './teams.service';
import { TeamsControllers } from './teams.controller';

@Module({
  imports: [ReferenceDataModule, CustomAttributesModule],
  controllers: TeamsControllers,
  providers: [TeamsService],
  exports: [TeamsService],
})
export class TeamsModule {}
