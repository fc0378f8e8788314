import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { CrudService } from '../crud/crud.service';
import { DomainError } from '../common/errors/domain-error';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { UnitOfWork } from '../database/unit-of-work';
import { CostCentresService } from '../reference-data/cost-centres.service';
import { ValueStreamsService } from '../reference-data/value-streams.service';
import { CreateTeamDto, TeamDto, UpdateTeamDto } from './dto/team.dto';
import { TeamEntity } from './entities/team.entity';
import { recordAttributes } from '../custom-attributes/custom-attribute-values.reader';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { applyPlan, fieldPlan } from '../crud/assign';
import type { TxScope } from '../database/unit-of-work';
import { externalIdConstraint } from '../common/errors/unique-constraints';

const TEAMS: ResourceDescriptor = {
  table: 'teams',
  constraints: {
    uq_teams_external_id: externalIdConstraint('team'),
    fk_teams_cost_centre: { code: 'CONFLICT', message: 'The cost centre is still referenced by teams' },
    fk_teams_value_stream: { code: 'CONFLICT', message: 'The value stream is still referenced by teams' },
  },
  references: [
    { target: 'teams', column: 'parent_team_id', label: 'sub-teams', planScoped: true },
    { target: 'cost_centres', column: 'cost_centre_id', label: 'teams', planScoped: true },
    { target: 'value_streams', column: 'value_stream_id', label: 'teams', planScoped: true },
  ],
  scenario: {},
  changes: { entityTypes: ['team'], permission: 'teams_view', payload: { dto: TeamDto } },
  pull: { entityType: 'team', permission: 'teams_edit', create: CreateTeamDto, update: UpdateTeamDto },
};

/** Where each field of a team body goes: a field added to the DTO does not compile until it is placed. */
const TEAM_FIELDS = fieldPlan<UpdateTeamDto>()({
  copy: ['name', 'externalId', 'description'],
  own: ['costCentreId', 'valueStreamId', 'parentTeamId'],
});

/** Teams: planning records (plan_id) with an optional parent team, cost centre and value stream. */
@Resources(TEAMS)
@Injectable()
export class TeamsService extends CrudService<TeamEntity, TeamDto, CreateTeamDto, UpdateTeamDto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;
  static readonly defaultSort = 'name';

  constructor(
    uow: UnitOfWork,
    dataSource: DataSource,
    private readonly costCentres: CostCentresService,
    private readonly valueStreams: ValueStreamsService,
  ) {
    super(uow, dataSource, {
      entity: TeamEntity,
      table: 'teams',
      label: 'Team',
      entityType: 'team',
      planScoped: true,
      externalId: true,
      search: ['name', 'description'],
      searchSql: `(r.name || ' ' || coalesce(r.description, ''))`,
      customAttributes: recordAttributes,
      toResponse: TeamDto.from,
    });
  }

  protected override async apply(entity: TeamEntity, input: UpdateTeamDto, { ctx, em }: TxScope): Promise<void> {
    applyPlan(entity, input, TEAM_FIELDS);
    if (input.costCentreId !== undefined)
      entity.costCentreId = (await this.costCentres.resolveId({ ctx, em }, input.costCentreId, 'costCentreId')) ?? null;
    if (input.valueStreamId !== undefined)
      entity.valueStreamId = (await this.valueStreams.resolveId({ ctx, em }, input.valueStreamId, 'valueStreamId')) ?? null;
    if (input.parentTeamId !== undefined) entity.parentTeamId = await this.resolveParent({ ctx, em }, entity.id, input.parentTeamId);
  }

  /** The parent by id or externalId; a team cannot sit under itself or one of its sub-teams. */
  private async resolveParent(scope: TxScope, teamId: string | undefined, parent: string | null): Promise<string | null> {
    if (parent === null) return null;
    const parentId = (await this.resolveId(scope, parent, 'parentTeamId'))!;
    if (teamId && (await this.ancestors(scope, parentId)).includes(teamId)) {
      throw DomainError.validation('parentTeamId', 'parentTeamId cannot be the team itself or one of its sub-teams');
    }
    return parentId;
  }

  protected override filter(qb: SelectQueryBuilder<TeamEntity>, query: ListQueryDto & Record<string, unknown>): void {
    if (query.parentTeamId) qb.andWhere('r.parentTeamId = :parentTeamId', { parentTeamId: query.parentTeamId });
    if (query.costCentreId) qb.andWhere('r.costCentreId = :costCentreId', { costCentreId: query.costCentreId });
    if (query.valueStreamId) qb.andWhere('r.valueStreamId = :valueStreamId', { valueStreamId: query.valueStreamId });
  }

  /** The team and every team above it, nearest first. */
  private ancestors({ ctx, em }: TxScope, teamId: string): Promise<string[]> {
    return this.rows.chainUp({ ctx, em }, teamId, 'parentTeamId');
  }
}
