import { withRetry } from '../database/db-retry';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AppCapability } from '../common/auth/permissions';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { UnitOfWork } from '../database/unit-of-work';
import { CreateOrganizationDto, OrganizationDto, UpdateOrganizationDto } from './dto/organization.dto';
import { OrganizationEntity } from '../database/entities/organization.entity';
import { applyPlan, fieldPlan } from '../crud/assign';
import { Resources, type ResourceDescriptor } from '../crud/resources';
import { completeAssumptions, sameAssumptions } from './dto/forecast-assumptions.dto';
import { OrganizationsRepository } from './organizations.repository';
import { UsersRepository } from './users.repository';
import { assertPolicy, ScenarioApprovalPolicyDto } from './dto/scenario-approval-policy.dto';
import { NO_APPROVAL_POLICY, type ScenarioApprovalPolicy } from '../database/entities/organization.entity';

/** Where each field of an organization PATCH goes: a field added to the DTO does not compile until it is placed. */
const ORGANIZATION_FIELDS = fieldPlan<UpdateOrganizationDto>()({
  copy: [
    'name',
    'reportingCurrency',
    'functionalGroupsEnabled',
    'functionalGroupsRestrictedVisibility',
    'noticePeriodDays',
    'changeRetentionDays',
    'deliveryRetentionDays',
  ],
  own: ['forecastAssumptions', 'scenarioApproval'],
});

/** `GET /changes` shows changes of the organization's forecast assumptions to holders of forecasts_view. */
const ORGANIZATIONS: ResourceDescriptor = {
  table: 'organizations',
  changes: { entityTypes: ['organization'], permission: 'forecasts_view', payload: { dto: OrganizationDto } },
};

@Resources(ORGANIZATIONS)
@Injectable()
export class OrganizationsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repository: OrganizationsRepository,
    private readonly users: UsersRepository,
  ) {}

  /** Creates the organization and its live plan together (in `em`'s transaction when given, else in its own). */
  async create(input: CreateOrganizationDto, em?: EntityManager): Promise<OrganizationDto> {
    const work = async (tx: EntityManager) =>
      OrganizationDto.from(
        await this.repository.insertWithLivePlan(tx, {
          id: newId(),
          name: input.name,
          reportingCurrency: input.reportingCurrency ?? 'USD',
          functionalGroupsEnabled: input.functionalGroupsEnabled ?? false,
          functionalGroupsRestrictedVisibility: input.functionalGroupsRestrictedVisibility ?? false,
          noticePeriodDays: input.noticePeriodDays ?? 30,
          changeRetentionDays: input.changeRetentionDays ?? null,
          deliveryRetentionDays: input.deliveryRetentionDays ?? 30,
          forecastAssumptions: completeAssumptions(input.forecastAssumptions ?? {}),
          scenarioApproval: NO_APPROVAL_POLICY,
        }),
      );
    return em ? work(em) : this.uow.runUnscoped(work);
  }

  async list(page: Page): Promise<ListEnvelope<OrganizationDto>> {
    const [rows, total] = await this.repository.page(this.uow.manager, page);
    return list(rows.map(OrganizationDto.from), total, page);
  }

  async get(id: string): Promise<OrganizationDto> {
    return OrganizationDto.from(await this.find(id));
  }

  /**
   * Changes the organization. Settings that decide who sees what need the capability that governs it, of an acting user
   * (the application itself has every one): the retention of history `manage_personal_data` (05 §3: shortening or
   * switching it off keeps or drops personal data), the functional-structure switches `share_functional_groups` (they
   * decide who reads which groups). A change of its forecast assumptions is an `organization` update event (it changes
   * live forecasts), recorded with the change in one transaction, so it needs an acting user; the other settings are
   * configuration, changed without an event.
   */
  async update(ctx: RequestContext, id: string, input: UpdateOrganizationDto): Promise<OrganizationDto> {
    const guarded: [AppCapability, boolean, string][] = [
      [
        'manage_personal_data',
        input.changeRetentionDays !== undefined || input.deliveryRetentionDays !== undefined,
        'the retention settings',
      ],
      ['manage_scenarios', input.scenarioApproval !== undefined, 'the approval policy of scenarios'],
      [
        'share_functional_groups',
        input.functionalGroupsEnabled !== undefined || input.functionalGroupsRestrictedVisibility !== undefined,
        'the functional-structure switches',
      ],
    ];
    for (const [capability, touched, what] of guarded) {
      if (touched && !ctx.capabilities.has(capability))
        throw DomainError.forbidden(`The acting user lacks ${capability} (to change ${what})`);
    }
    const org = await this.find(id);
    const patch: Partial<OrganizationEntity> = {};
    applyPlan(patch, input, ORGANIZATION_FIELDS);
    if (input.scenarioApproval) patch.scenarioApproval = await this.approvalPolicy(ctx, input.scenarioApproval);
    const assumptions = input.forecastAssumptions && completeAssumptions(input.forecastAssumptions);
    if (!assumptions || sameAssumptions(assumptions, org.forecastAssumptions)) {
      await withRetry(() => this.repository.update(this.uow.manager, org.id, patch));
      return this.get(id);
    }
    return this.uow.run(ctx, async (tx) => {
      const before = OrganizationDto.from((await this.repository.find(tx.em, id, true))!);
      await this.repository.update(tx.em, id, { ...patch, forecastAssumptions: assumptions });
      const after = OrganizationDto.from((await this.repository.find(tx.em, id))!);
      tx.record({ entityType: 'organization', entityId: id, changeType: 'update', before: { ...before }, after: { ...after } });
      return after;
    });
  }

  /** The policy as stored, once its approvers are known users of the organization (400 naming them otherwise). */
  private async approvalPolicy(ctx: RequestContext, input: ScenarioApprovalPolicyDto): Promise<ScenarioApprovalPolicy> {
    const policy = ScenarioApprovalPolicyDto.stored(input);
    const named = [...new Set(policy.steps.flatMap((step) => step.approverUserIds ?? []))];
    const known = await this.users.existing(this.uow.read(ctx), named);
    assertPolicy(policy, new Set(named.filter((id) => !known.has(id))));
    return policy;
  }

  private async find(id: string): Promise<OrganizationEntity> {
    const org = await this.repository.find(this.uow.manager, id);
    if (!org) throw DomainError.notFound('Organization', id);
    return org;
  }
}
