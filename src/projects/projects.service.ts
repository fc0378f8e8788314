import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../common/auth/request-context';
import { CrudService } from '../crud/crud.service';
import { DomainError } from '../common/errors/domain-error';
import type { ListEnvelope } from '../common/http/envelopes';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { UnitOfWork } from '../database/unit-of-work';
import { CostCentresService } from '../reference-data/cost-centres.service';
import { ValueStreamsService } from '../reference-data/value-streams.service';
import { UsersService } from '../organizations/users.service';
import { DEFAULT_DELIVERY_STATUS } from './delivery-status';
import { CreateProjectDto, DEFAULT_ICON_COLOR, DEFAULT_PRIORITY, ProjectDto, UpdateProjectDto } from './dto/project.dto';
import { ProjectEntity } from './entities/project.entity';
import { ProjectsRepository } from './projects.repository';
import { recordAttributes } from '../custom-attributes/custom-attribute-values.reader';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { applyPlan, fieldPlan } from '../crud/assign';
import type { TxScope } from '../database/unit-of-work';
import { externalIdConstraint } from '../common/errors/unique-constraints';

type Query = ListQueryDto & Record<string, unknown>;

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateProjectDto>()({
  copy: ['name', 'externalId', 'projectCode', 'description', 'startDate', 'endDate', 'icon', 'iconColor', 'priority'],
  numeric: ['estimatedCost'],
  own: ['deliveryStatus', 'costCentreId', 'valueStreamId', 'postCompletionCostCentreId', 'ownerUserId'],
});

const PROJECTS: ResourceDescriptor = {
  table: 'projects',
  constraints: {
    uq_projects_external_id: externalIdConstraint('project'),
    ck_projects_dates: { code: 'VALIDATION_ERROR', field: 'endDate', message: 'endDate must not be before startDate' },
    ck_projects_estimated_cost: {
      code: 'VALIDATION_ERROR',
      field: 'estimatedCost',
      message: 'estimatedCost must not be less than 0',
    },
    fk_projects_owner_user: {
      code: 'VALIDATION_ERROR',
      field: 'ownerUserId',
      message: 'ownerUserId does not match any user of the organization',
    },
    fk_projects_cost_centre: { code: 'CONFLICT', message: 'The cost centre is still referenced by projects' },
    fk_projects_post_completion_cost_centre: { code: 'CONFLICT', message: 'The cost centre is still referenced by projects' },
    fk_projects_value_stream: { code: 'CONFLICT', message: 'The value stream is still referenced by projects' },
  },
  references: [
    { target: 'cost_centres', column: 'cost_centre_id', label: 'projects', planScoped: true },
    { target: 'cost_centres', column: 'post_completion_cost_centre_id', label: 'projects (post-completion)', planScoped: true },
    { target: 'value_streams', column: 'value_stream_id', label: 'projects', planScoped: true },
  ],
  scenario: {},
  changes: { entityTypes: ['project'], permission: 'projects_view', payload: { dto: ProjectDto, decimals: ['estimatedCost'] } },
  pull: { entityType: 'project', permission: 'projects_edit', create: CreateProjectDto, update: UpdateProjectDto },
};

/**
 * Projects (document 01): planning records (plan_id) with an owner user, a value stream and a cost
 * centre. deliveryStatus is the project's own until it has project-management links; from then on
 * ProjectLinksService derives it and writes of it are ignored.
 */
@Resources(PROJECTS)
@Injectable()
export class ProjectsService extends CrudService<ProjectEntity, ProjectDto, CreateProjectDto, UpdateProjectDto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = {
    name: 'name',
    projectCode: 'projectCode',
    startDate: 'startDate',
    endDate: 'endDate',
    priority: 'priority',
    deliveryStatus: 'deliveryStatus',
    estimatedCost: 'estimatedCost',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  } as const;
  static readonly defaultSort = 'name';

  constructor(
    uow: UnitOfWork,
    dataSource: DataSource,
    private readonly costCentres: CostCentresService,
    private readonly valueStreams: ValueStreamsService,
    private readonly users: UsersService,
    private readonly repository: ProjectsRepository,
  ) {
    super(uow, dataSource, {
      entity: ProjectEntity,
      table: 'projects',
      label: 'Project',
      entityType: 'project',
      planScoped: true,
      externalId: true,
      search: ['name', 'description'],
      customAttributes: recordAttributes,
      toResponse: ProjectDto.from,
      toPayload: ProjectDto.payload,
    });
  }

  /** The reference filters accept an id or an externalId, like the body fields they match. */
  override async list(ctx: RequestContext, query: Query): Promise<ListEnvelope<ProjectDto>> {
    const resolved: Query = { ...query };
    if (typeof query.costCentreId === 'string') resolved.costCentreId = await this.filterId(ctx, this.costCentres, query.costCentreId);
    if (typeof query.valueStreamId === 'string') resolved.valueStreamId = await this.filterId(ctx, this.valueStreams, query.valueStreamId);
    return super.list(ctx, resolved);
  }

  protected override filter(qb: SelectQueryBuilder<ProjectEntity>, query: Query): void {
    if (query.costCentreId) qb.andWhere('r.costCentreId = :costCentreId', { costCentreId: query.costCentreId });
    if (query.valueStreamId) qb.andWhere('r.valueStreamId = :valueStreamId', { valueStreamId: query.valueStreamId });
    if (query.deliveryStatus) qb.andWhere('r.deliveryStatus = :deliveryStatus', { deliveryStatus: query.deliveryStatus });
  }

  protected override blank(): ProjectEntity {
    return Object.assign(new ProjectEntity(), {
      deliveryStatus: DEFAULT_DELIVERY_STATUS,
      priority: DEFAULT_PRIORITY,
      iconColor: DEFAULT_ICON_COLOR,
    });
  }

  protected override async apply(entity: ProjectEntity, input: UpdateProjectDto, { ctx, em }: TxScope): Promise<void> {
    applyPlan(entity, input, FIELDS);
    if (input.ownerUserId !== undefined) entity.ownerUserId = await this.resolveOwner({ ctx, em }, input.ownerUserId);
    if (input.costCentreId !== undefined)
      entity.costCentreId = (await this.costCentres.resolveId({ ctx, em }, input.costCentreId, 'costCentreId')) ?? null;
    if (input.postCompletionCostCentreId !== undefined)
      entity.postCompletionCostCentreId =
        (await this.costCentres.resolveId({ ctx, em }, input.postCompletionCostCentreId, 'postCompletionCostCentreId')) ?? null;
    if (input.valueStreamId !== undefined)
      entity.valueStreamId = (await this.valueStreams.resolveId({ ctx, em }, input.valueStreamId, 'valueStreamId')) ?? null;
    // Document 01: honoured only while the project has no project-management links, ignored otherwise.
    if (input.deliveryStatus !== undefined && !(entity.id && (await this.linkCount({ ctx, em }, entity.id)) > 0)) {
      entity.deliveryStatus = input.deliveryStatus;
    }
    if (entity.endDate && entity.startDate && entity.endDate < entity.startDate) {
      const field = input.endDate !== undefined ? 'endDate' : 'startDate';
      throw DomainError.validation(
        field,
        field === 'endDate' ? 'endDate must not be before startDate' : 'startDate must not be after endDate',
      );
    }
  }

  /** How many project-management links the project has in the request's plan. */
  linkCount({ ctx, em }: TxScope, projectId: string): Promise<number> {
    return this.repository.linkCount({ ctx, em }, projectId);
  }

  /** ownerUserId must be a user (application login) of the organization: 400 on the field otherwise. */
  private async resolveOwner({ ctx, em }: TxScope, userId: string | null): Promise<string | null> {
    if (userId === null) return null;
    if (!(await this.users.exists({ ctx, em }, userId)))
      throw DomainError.validation('ownerUserId', 'ownerUserId does not match any user of the organization');
    return userId;
  }

  /** A filter value by id or externalId; one that matches nothing stays as sent and so matches no project. */
  private async filterId(ctx: RequestContext, service: CostCentresService | ValueStreamsService, value: string): Promise<string> {
    try {
      return (await service.find(ctx, value)).id;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return value;
      throw error;
    }
  }
}
