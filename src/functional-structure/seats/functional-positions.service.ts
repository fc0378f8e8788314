import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../common/auth/request-context';
import { decimalToString } from '../../common/decimals';
import { DomainError } from '../../common/errors/domain-error';
import { newId } from '../../common/ids';
import { Tx, UnitOfWork } from '../../database/unit-of-work';
import { JobRolesService } from '../../reference-data/job-roles.service';
import { Dated, referenceDay, within } from '../dated';
import { DatedLinks, REPORTS } from '../dated-links';
import type { FunctionalPositionBodyDto } from '../dto/functional-structure.dto';
import { FunctionalPositionEntity } from '../entities/functional-position.entity';
import { FunctionalAccessService } from '../access/functional-access.service';
import { FunctionalGroupsService } from '../groups/functional-groups.service';
import { FunctionalStructureRepository, TxScope } from '../functional-structure.repository';
import { positionPayload } from '../payloads';
import { assertChildrenWithin, checkDates, fail, span } from '../write-rules';

/**
 * Positions (seats) of the functional structure (document 02 write rule 3): create and replace, each
 * in one transaction under the structure lock (and the seat's). Reporting-line moves are MoveFunctionalStructureUseCase's.
 */
@Injectable()
export class FunctionalPositionsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: FunctionalAccessService,
    private readonly rows: FunctionalStructureRepository,
    private readonly links: DatedLinks,
    private readonly groups: FunctionalGroupsService,
    private readonly jobRoles: JobRolesService,
  ) {}

  async createPosition(ctx: RequestContext, body: FunctionalPositionBodyDto): Promise<string> {
    return this.uow.run(ctx, (tx) => this.createPositionIn(tx, body));
  }

  /** createPosition in the caller's transaction (bulk upserts of PULL hooks run each item under a savepoint). */
  async createPositionIn(tx: Tx, body: FunctionalPositionBodyDto): Promise<string> {
    const ctx = tx.ctx;
    checkDates(body.startDate, body.endDate);
    await this.rows.lock(tx, { structure: true });
    const group = await this.groups.findGroup(tx, body.functionalGroupId);
    await this.access.assertCanEditGroup(tx, group.id, body.startDate);
    const dates: Dated = { startDate: body.startDate, endDate: body.endDate ?? null };
    if (!within(dates, group))
      fail('OUTSIDE_ACTIVE_DATES', `The position's days (${span(dates)}) fall outside its group's (${span(group)})`);
    const position: FunctionalPositionEntity = {
      planId: ctx.planId,
      id: newId(),
      organizationId: ctx.organizationId,
      functionalGroupId: group.id,
      name: body.name,
      description: body.description ?? null,
      externalId: body.externalId ?? null,
      jobRoleId: (await this.jobRoles.resolveId(tx, body.jobRoleId, 'jobRoleId')) ?? null,
      requiredFte: String(body.requiredFte),
      startDate: dates.startDate,
      endDate: dates.endDate,
    } as FunctionalPositionEntity;
    await this.rows.insertPosition(tx, position);
    await this.links.insert(tx, REPORTS, position.id, null, dates);
    tx.record({
      entityType: 'functional_position',
      entityId: position.id,
      changeType: 'create',
      before: null,
      after: positionPayload(position),
    });
    return position.id;
  }

  /** Write rule 3: a whole replace; functionalGroupId must equal the current one. */
  async replacePosition(ctx: RequestContext, id: string, body: FunctionalPositionBodyDto): Promise<string> {
    return this.uow.run(ctx, (tx) => this.replacePositionIn(tx, id, body));
  }

  /** replacePosition in the caller's transaction (bulk upserts of PULL hooks run each item under a savepoint). */
  async replacePositionIn(tx: Tx, id: string, body: FunctionalPositionBodyDto): Promise<string> {
    checkDates(body.startDate, body.endDate);
    await this.rows.lock(tx, { structure: true, seats: [id] });
    const position = await this.findPosition(tx, id);
    if (body.functionalGroupId !== position.functionalGroupId)
      fail('POSITION_AREA_IMMUTABLE', 'A position cannot change its functional group');
    const group = await this.groups.findGroup(tx, position.functionalGroupId);
    await this.access.assertCanEditGroup(tx, group.id, referenceDay(position));
    const dates: Dated = { startDate: body.startDate, endDate: body.endDate ?? null };
    if (!within(dates, group))
      fail('OUTSIDE_ACTIVE_DATES', `The position's days (${span(dates)}) fall outside its group's (${span(group)})`);
    await assertChildrenWithin(this.rows, tx, 'occupancy', position.id, dates);
    await assertChildrenWithin(this.rows, tx, 'reporting line to it', position.id, dates);
    await this.links.refit(tx, REPORTS, position.id, dates, async (targetId, days) => {
      const target = await this.findPosition(tx, targetId);
      if (!within(days, target))
        fail(
          'OUTSIDE_ACTIVE_DATES',
          `The position would report to ${targetId} on days (${span(days)}) outside that seat's (${span(target)})`,
        );
    });
    const requiredFte = String(body.requiredFte);
    await this.assertHoldsOccupants(tx, position.id, dates, requiredFte);
    const changed: FunctionalPositionEntity = {
      ...position,
      name: body.name,
      description: body.description ?? null,
      externalId: body.externalId ?? null,
      jobRoleId: (await this.jobRoles.resolveId(tx, body.jobRoleId, 'jobRoleId')) ?? null,
      requiredFte,
      startDate: dates.startDate,
      endDate: dates.endDate,
    };
    const { name, description, externalId, jobRoleId, startDate, endDate } = changed;
    await this.rows.updatePosition(tx, position.id, { name, description, externalId, jobRoleId, requiredFte, startDate, endDate });
    const before = positionPayload(position);
    const after = positionPayload(changed);
    tx.recordUpdate({ entityType: 'functional_position', entityId: position.id, before, after });
    return position.id;
  }

  async findPosition(tx: TxScope, id: string): Promise<FunctionalPositionEntity> {
    const position = await this.rows.findPosition(tx, id);
    if (!position) throw DomainError.notFound('Functional position', id);
    return position;
  }

  /** The seat's stored occupants fit its (new) requiredFte on every day of its (new) days. */
  private async assertHoldsOccupants(tx: TxScope, positionId: string, dates: Dated, requiredFte: string): Promise<void> {
    const probe = {
      holder: 'functional_position_id',
      holderId: positionId,
      from: dates.startDate,
      to: dates.endDate,
      fte: '0',
      exceptId: null,
      limit: requiredFte,
    } as const;
    const over = await this.rows.firstDayOverCapacity(tx, probe);
    if (over)
      fail(
        'OVER_ALLOCATED',
        `On ${over.day} the seat's occupants hold ${decimalToString(over.total)} FTE, over the requiredFte ${requiredFte}`,
      );
  }
}
