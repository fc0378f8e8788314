import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../common/errors/domain-error';
import { Tx } from '../database/unit-of-work';
import { NestedJobRoleDto } from './dto/nested-job-role.dto';
import { CrudService } from '../crud/crud.service';
import { applyPlan, fieldPlan } from '../crud/assign';
import { UnitOfWork } from '../database/unit-of-work';
import { CreateJobRoleDto, JobRoleDto, UpdateJobRoleDto } from './dto/job-role.dto';
import { JobRoleEntity } from './entities/job-role.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { externalIdConstraint, uniqueConstraint } from '../common/errors/unique-constraints';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateJobRoleDto>()({ copy: ['title', 'externalId', 'family', 'level', 'description'] });

const JOB_ROLES: ResourceDescriptor = {
  table: 'job_roles',
  constraints: {
    uq_job_roles_external_id: externalIdConstraint('job role'),
    uq_job_roles_title: uniqueConstraint('title', 'another job role'),
  },
};

@Resources(JOB_ROLES)
@Injectable()
export class JobRolesService extends CrudService<JobRoleEntity, JobRoleDto, CreateJobRoleDto, UpdateJobRoleDto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { title: 'title', family: 'family', level: 'level', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;
  static readonly defaultSort = 'title';

  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, {
      entity: JobRoleEntity,
      table: 'job_roles',
      label: 'Job role',
      entityType: 'job_role',
      planScoped: false,
      externalId: true,
      search: ['title', 'family'],
      toResponse: JobRoleDto.from,
    });
  }

  protected override async apply(entity: JobRoleEntity, input: UpdateJobRoleDto): Promise<void> {
    applyPlan(entity, input, FIELDS);
  }

  /**
   * The job role of a person or vacancy body: `jobRoleId` wins (400 when it matches nothing); else the
   * nested `jobRole` by externalId, then by title (stamping the externalId on it), then created by
   * title. An externalId alone that matches nothing is 404. Returns undefined when neither is sent.
   * Creating a role or stamping an externalId writes reference data: it needs `reference_data_edit` of
   * whoever acts (spec 03 §1 item 10), a key's (narrowed to its creator's) or a PULL hook's user's. Job roles
   * are live data of the organization: a scenario write only matches existing ones (spec 03 §1 item 15).
   */
  async resolveNested(
    tx: Tx,
    jobRoleId: string | null | undefined,
    jobRole: NestedJobRoleDto | undefined,
    prefix = '',
  ): Promise<string | null | undefined> {
    if (jobRoleId !== undefined) return this.resolveId(tx, jobRoleId, `${prefix}jobRoleId`);
    if (!jobRole) return undefined;
    const { title, externalId } = jobRole;
    if (!title && !externalId) throw DomainError.validation(`${prefix}jobRole`, 'jobRole needs a title or an externalId');
    if (externalId) {
      const byExternal = await this.rows.findOne(tx, { externalId });
      if (byExternal) return byExternal.id;
    }
    if (!title) throw DomainError.notFound('Job role with externalId', externalId!);
    const byTitle = await this.rows.findOne(tx, { title: { ignoringCase: title } });
    if (byTitle) {
      if (externalId && byTitle.externalId !== externalId) {
        this.requireLiveWrite(tx, prefix, `would set the externalId of the job role "${byTitle.title}"`);
        this.requireEditPermission(tx, `Setting the externalId of the job role "${byTitle.title}" through ${prefix}jobRole`);
        await this.updateIn(tx, byTitle.id, { externalId });
      }
      return byTitle.id;
    }
    this.requireLiveWrite(tx, prefix, `matches no job role and would create "${title}"`);
    this.requireEditPermission(tx, `Creating a job role through ${prefix}jobRole`);
    return (await this.createIn(tx, { title, externalId: externalId ?? null })).id;
  }

  /** A nested job-role write is a reference-data write of its own (spec 03 §1 item 10, §2). */
  private requireEditPermission(tx: Tx, what: string): void {
    if (!tx.ctx.permissions.has('reference_data_edit')) throw DomainError.forbidden(`${what} needs the permission reference_data_edit`);
  }

  /** Job roles belong to live data: a write inside a scenario may only match one (400 naming `jobRole`). */
  private requireLiveWrite(tx: Tx, prefix: string, what: string): void {
    if (tx.ctx.planId === tx.ctx.livePlanId) return;
    throw DomainError.validation(
      `${prefix}jobRole`,
      `In a scenario, ${prefix}jobRole ${what}: job roles are live data; create the job role in live data first`,
    );
  }
}
