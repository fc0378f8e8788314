import { bulkController } from '../crud/bulk.controller';
import { crudController, CrudControllerOptions } from '../crud/crud.controller';
import { customAttributeValuesController } from '../custom-attributes/custom-attribute-values.controller';
import { CreateTeamDto, TeamDto, TeamQueryDto, UpdateTeamDto } from './dto/team.dto';
import { TeamsService } from './teams.service';

const teamsCrud: CrudControllerOptions = {
  path: 'teams',
  etag: true,
  tag: 'Teams',
  view: 'teams_view',
  edit: 'teams_edit',
  service: TeamsService,
  response: TeamDto,
  create: CreateTeamDto,
  update: UpdateTeamDto,
  query: TeamQueryDto,
};
const TeamsController = crudController(teamsCrud);
const TeamsBulkController = bulkController(teamsCrud);

const TeamAttributesController = customAttributeValuesController({
  path: 'teams',
  tag: 'Teams',
  entityType: 'TEAM',
  view: 'teams_view',
  service: TeamsService,
});

/** The routes of this module, in the order Nest registers them (fixed paths such as `bulk` before `:id`). */
export const TeamsControllers = [TeamsBulkController, TeamAttributesController, TeamsController];
