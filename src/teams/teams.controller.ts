import type { CrudControllerOptions } from '../crud/crud.controller';
import { recordControllers } from '../custom-attributes/record-controllers';
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

/** The routes of this module, in the order Nest registers them (recordControllers). */
export const TeamsControllers = recordControllers(teamsCrud);
