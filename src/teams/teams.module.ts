import { Module } from '@nestjs/common';
import { crudController } from '../common/crud/crud.controller';
import { customAttributeValuesController } from '../custom-attributes/custom-attribute-values.controller';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { CreateTeamDto, TeamDto, TeamQueryDto, UpdateTeamDto } from './dto/team.dto';
import { TeamsService } from './teams.service';

const TeamsController = crudController({
  path: 'teams',
  etag: true,
  tag: 'Teams',
  view: 'teams_view',
  edit: 'teams_edit',
  service: TeamsService as never,
  response: TeamDto,
  create: CreateTeamDto,
  update: UpdateTeamDto,
  query: TeamQueryDto,
});

const TeamAttributesController = customAttributeValuesController({
  path: 'teams',
  tag: 'Teams',
  entityType: 'TEAM',
  view: 'teams_view',
  service: TeamsService as never,
});

@Module({
  imports: [ReferenceDataModule, CustomAttributesModule],
  controllers: [TeamAttributesController, TeamsController],
  providers: [TeamsService],
  exports: [TeamsService],
})
export class TeamsModule {}
