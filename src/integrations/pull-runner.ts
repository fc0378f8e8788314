import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { API_PERMISSIONS, ApiPermission, expandUserPermissions } from '../common/auth/permissions';
import type { RequestContext } from '../common/auth/request-context';
import { bulkUpsert, BulkResultDto, BulkTarget } from '../crud/bulk-upsert';
import type { CrudEntity } from '../crud/crud.types';
import { DomainError } from '../common/errors/domain-error';
import { translateDbError } from '../common/errors/db-errors';
import { logger } from '../common/logging/json-logger';
import { ContractorsService } from '../contractors/contractors.service';
import { CreateContractorDto, UpdateContractorDto } from '../contractors/dto/contractor.dto';
import { UnitOfWork } from '../database/unit-of-work';
import { CreateEmployeeDto, UpdateEmployeeDto } from '../employees/dto/employee.dto';
import { EmployeesService } from '../employees/employees.service';
import { FunctionalGroupBodyDto, FunctionalPositionBodyDto } from '../functional-structure/dto/functional-structure.dto';
import { FunctionalFeatureGuard } from '../functional-structure/access/functional-feature.guard';
import { FunctionalGroupsService } from '../functional-structure/groups/functional-groups.service';
import { FunctionalPositionsService } from '../functional-structure/seats/functional-positions.service';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { CreateProjectDto, UpdateProjectDto } from '../projects/dto/project.dto';
import { ProjectsService } from '../projects/projects.service';
import { CreateTeamDto, UpdateTeamDto } from '../teams/dto/team.dto';
import { TeamsService } from '../teams/teams.service';
import { CreateVacancyDto, UpdateVacancyDto } from '../vacancies/dto/vacancy.dto';
import { VacanciesService } from '../vacancies/vacancies.service';
import { WebhookHttpClient } from '../webhooks/webhook-http-client';
import type { PullEntityType, PullRunDto } from './dto/integration.dto';
import type { IntegrationEntity } from './entities/integration.entity';
import {
  FunctionalGroupPatchDto,
  FunctionalGroupWriter,
  FunctionalPositionPatchDto,
  FunctionalPositionWriter,
} from './functional-bulk-writers';

/** Spec 04 §5.3: a pull source's answer may be at most 10 MB ... */
export const PULL_MAX_BYTES = 10 * 1024 * 1024;
/** ... and hold at most 1,000 records. */
export const PULL_MAX_RECORDS = 1000;
/** The whole answer must arrive within this time (a 10 MB body needs more than a webhook's 5 s). */
export const PULL_TIMEOUT_MS = 30_000;
/** How many failed items `lastError` names. */
const ERRORS_NAMED = 3;

/** The permission a single write of each pulled type needs (the bulk route's). */
const EDIT_PERMISSION: Record<PullEntityType, ApiPermission> = {
  employee: 'employees_edit',
  contractor: 'contractors_edit',
  vacancy: 'vacancies_edit',
  project: 'projects_edit',
  team: 'teams_edit',
  functional_group: 'functional_groups_edit',
  functional_position: 'functional_groups_edit',
};

/** Spec 04 §5.4: only functional records changed by a pull are sent (as `user` events); the rest are history only. */
const FUNCTIONAL: ReadonlySet<PullEntityType> = new Set(['functional_group', 'functional_position']);

class RunFailed extends Error {}

function failedRun(message: string): PullRunDto {
  return { status: 'FAILED', created: 0, updated: 0, unchanged: 0, failed: 0, error: message, results: [] };
}

/**
 * One PULL hook run (spec 04 §5.3): fetches the source through the SSRF-safe client and applies its
 * records through the bulk upsert of `POST /{resource}/bulk`, acting as the integration's user with every
 * API permission that user holds. A failed fetch, a bad answer or a failure of the whole write changes
 * nothing (the upsert is one transaction). Never throws: the outcome is the returned result.
 */
@Injectable()
export class PullRunner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly client: WebhookHttpClient,
    private readonly uow: UnitOfWork,
    private readonly employees: EmployeesService,
    private readonly contractors: ContractorsService,
    private readonly vacancies: VacanciesService,
    private readonly projects: ProjectsService,
    private readonly teams: TeamsService,
    private readonly functionalGroups: FunctionalGroupsService,
    private readonly functionalPositions: FunctionalPositionsService,
    private readonly functionalFeature: FunctionalFeatureGuard,
    private readonly organizations: OrganizationsRepository,
  ) {}

  async run(integration: IntegrationEntity): Promise<PullRunDto> {
    const entityType = integration.pullEntityType as PullEntityType;
    try {
      const ctx = await this.contextOf(integration);
      const needed = EDIT_PERMISSION[entityType];
      if (!ctx.permissions.has(needed)) throw new RunFailed(`The acting user ${ctx.userId} lacks the ${needed} permission`);
      if (FUNCTIONAL.has(entityType)) await this.assertFunctionalEnabled(ctx.organizationId);
      const records = await this.fetch(integration);
      return summary(await bulkUpsert(this.target(entityType), ctx, records));
    } catch (error) {
      if (error instanceof RunFailed) return failedRun(error.message);
      // Never the database's own text (columns, values): a violation as the API words it, anything else as internal.
      const known = error instanceof DomainError ? error : translateDbError(error);
      const message = known ? `${known.code}: ${known.message}` : 'INTERNAL_ERROR: an internal error occurred';
      if (!known) logger.write('error', 'integration pull write failed', { cause: error instanceof Error ? error.stack : String(error) });
      return failedRun(`The records could not be written; nothing changed (${message})`.slice(0, 900));
    }
  }

  /** The integration's user as a request context: live plan, `user` initiator without e-mail, all their API permissions. */
  private async contextOf(integration: IntegrationEntity): Promise<RequestContext> {
    const user = await this.organizations.userWithLivePlan(
      { organizationId: integration.organizationId, em: this.dataSource.manager },
      integration.actAsUserId,
    );
    if (!user?.active) throw new RunFailed(`The acting user ${integration.actAsUserId} is not an active user of the organization`);
    const held = expandUserPermissions(user.permissions);
    return {
      organizationId: integration.organizationId,
      planId: user.live_plan_id,
      livePlanId: user.live_plan_id,
      scenarioId: null,
      actor: { type: 'user', id: integration.actAsUserId },
      permissions: new Set(API_PERMISSIONS.filter((p) => held.has(p))),
      capabilities: held,
      userId: integration.actAsUserId,
    };
  }

  private async assertFunctionalEnabled(organizationId: string): Promise<void> {
    try {
      await this.functionalFeature.assertEnabled(organizationId);
    } catch {
      throw new RunFailed('The functional groups module is off for this organization');
    }
  }

  /** `GET pull.url` with the bearer secret: a 200 with `{ records: [...] }` (at most 1,000), or the run fails. */
  private async fetch(integration: IntegrationEntity): Promise<unknown[]> {
    const answer = await this.client.get(
      integration.pullUrl!,
      { Authorization: `Bearer ${integration.secret}`, Accept: 'application/json' },
      { maxBytes: PULL_MAX_BYTES, timeoutMs: PULL_TIMEOUT_MS },
    );
    if (answer.error !== null || !answer.body) throw new RunFailed(`Fetch failed: ${answer.error ?? 'no body'}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body.toString('utf8'));
    } catch {
      throw new RunFailed('The answer is not valid JSON');
    }
    const records = (parsed as { records?: unknown } | null)?.records;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !Array.isArray(records)) {
      throw new RunFailed('The answer must be a JSON object with a "records" array');
    }
    if (records.length > PULL_MAX_RECORDS)
      throw new RunFailed(`The answer holds ${records.length} records; at most ${PULL_MAX_RECORDS} are accepted`);
    return records;
  }

  /** The bulk-upsert target of each pulled type: the bulk routes' services and bodies, and functional writers. */
  private target(entityType: PullEntityType): BulkTarget<CrudEntity> {
    const notify = FUNCTIONAL.has(entityType);
    const uow = this.uow;
    switch (entityType) {
      case 'employee':
        return { service: this.employees, uow, create: CreateEmployeeDto, update: UpdateEmployeeDto, notify };
      case 'contractor':
        return { service: this.contractors, uow, create: CreateContractorDto, update: UpdateContractorDto, notify };
      case 'vacancy':
        return { service: this.vacancies, uow, create: CreateVacancyDto, update: UpdateVacancyDto, notify };
      case 'project':
        return { service: this.projects, uow, create: CreateProjectDto, update: UpdateProjectDto, notify };
      case 'team':
        return { service: this.teams, uow, create: CreateTeamDto, update: UpdateTeamDto, notify };
      case 'functional_group':
        return {
          service: new FunctionalGroupWriter(this.functionalGroups),
          uow,
          create: FunctionalGroupBodyDto,
          update: FunctionalGroupPatchDto,
          notify,
        };
      case 'functional_position':
        return {
          service: new FunctionalPositionWriter(this.functionalGroups, this.functionalPositions),
          uow,
          create: FunctionalPositionBodyDto,
          update: FunctionalPositionPatchDto,
          notify,
        };
    }
  }
}

/** OK, or PARTIAL naming the first failed items (index, externalId, code, message). */
function summary(result: BulkResultDto): PullRunDto {
  const failed = result.results.filter((r) => r.result === 'failed');
  const named = failed
    .slice(0, ERRORS_NAMED)
    .map((r) => `#${r.index}${r.externalId ? ` (${r.externalId})` : ''} ${r.error?.code}: ${r.error?.message}`)
    .join('; ');
  const more = failed.length > ERRORS_NAMED ? ` and ${failed.length - ERRORS_NAMED} more` : '';
  const error = failed.length ? `${failed.length} of ${result.results.length} items failed: ${named}${more}`.slice(0, 900) : null;
  return { status: failed.length ? 'PARTIAL' : 'OK', ...result, error };
}
