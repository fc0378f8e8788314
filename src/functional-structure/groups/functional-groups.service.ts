import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../common/auth/request-context';
import { DomainError } from '../../common/errors/domain-error';
import { newId } from '../../common/ids';
import { Tx, UnitOfWork } from '../../database/unit-of-work';
import { Dated, referenceDay, within } from '../dated';
import { DatedLinks, PLACEMENTS } from '../dated-links';
import type { FunctionalGroupBodyDto } from '../dto/functional-structure.dto';
import { FunctionalGroupEntity } from '../entities/functional-group.entity';
import { FunctionalAccessService } from '../access/functional-access.service';
import { FunctionalStructureRepository, TxScope } from '../functional-structure.repository';
import { groupPayload } from '../payloads';
import { assertChildrenWithin, checkDates, fail, span } from '../write-rules';

/**
 * Groups of the dated functional structure (document 02 write rules 1 and 5): create and replace, each
 * in one transaction under the plan's structure lock. Moves are MoveFunctionalStructureUseCase's.
 */
@Injectable()
export class FunctionalGroupsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: FunctionalAccessService,
    private readonly rows: FunctionalStructureRepository,
    private readonly links: DatedLinks,
  ) {}

  async createGroup(ctx: RequestContext, body: FunctionalGroupBodyDto): Promise<string> {
    return this.uow.run(ctx, (tx) => this.createGroupIn(tx, body));
  }

  /** createGroup in the caller's transaction (bulk upserts of PULL hooks run each item under a savepoint). */
  async createGroupIn(tx: Tx, body: FunctionalGroupBodyDto): Promise<string> {
    const ctx = tx.ctx;
    checkDates(body.startDate, body.endDate);
    await this.rows.lock(tx, { structure: true });
    const dates: Dated = { startDate: body.startDate, endDate: body.endDate ?? null };
    const parentId = body.parentFunctionalGroupId ?? null;
    if (parentId === null) {
      this.access.assertCanEditRoot(ctx);
    } else {
      const parent = await this.findGroup(tx, parentId);
      await this.access.assertCanEditGroup(tx, parent.id, body.startDate);
      if (!within(dates, parent))
        fail('OUTSIDE_ACTIVE_DATES', `The group's days (${span(dates)}) fall outside its parent's (${span(parent)})`);
    }
    const group: FunctionalGroupEntity = {
      planId: ctx.planId,
      id: newId(),
      organizationId: ctx.organizationId,
      name: body.name,
      groupType: body.groupType ?? null,
      description: body.description ?? null,
      externalId: body.externalId ?? null,
      startDate: dates.startDate,
      endDate: dates.endDate,
    } as FunctionalGroupEntity;
    await this.rows.insertGroup(tx, group);
    await this.links.insert(tx, PLACEMENTS, group.id, parentId, dates);
    tx.record({
      entityType: 'functional_group',
      entityId: group.id,
      changeType: 'create',
      before: null,
      after: groupPayload(group, parentId),
    });
    return group.id;
  }

  /** Write rule 1: a whole replace; omitted fields become null except groupType; the parent is ignored (use move). */
  async replaceGroup(ctx: RequestContext, id: string, body: FunctionalGroupBodyDto): Promise<string> {
    return this.uow.run(ctx, (tx) => this.replaceGroupIn(tx, id, body));
  }

  /** replaceGroup in the caller's transaction (bulk upserts of PULL hooks run each item under a savepoint). */
  async replaceGroupIn(tx: Tx, id: string, body: FunctionalGroupBodyDto): Promise<string> {
    checkDates(body.startDate, body.endDate);
    await this.rows.lock(tx, { structure: true });
    const group = await this.findGroup(tx, id);
    await this.access.assertCanEditGroup(tx, group.id, referenceDay(group));
    const dates: Dated = { startDate: body.startDate, endDate: body.endDate ?? null };
    const beforeParent = await this.parentOn(tx, group.id, referenceDay(group));
    await assertChildrenWithin(this.rows, tx, 'sub-group', group.id, dates);
    await assertChildrenWithin(this.rows, tx, 'position', group.id, dates);
    await this.links.refit(tx, PLACEMENTS, group.id, dates, async (parentId, days) => {
      const parent = await this.findGroup(tx, parentId);
      if (!within(days, parent))
        fail(
          'OUTSIDE_ACTIVE_DATES',
          `The group would sit under ${parentId} on days (${span(days)}) outside that parent's (${span(parent)})`,
        );
    });
    const before = groupPayload(group, beforeParent);
    const changed: FunctionalGroupEntity = {
      ...group,
      name: body.name,
      groupType: body.groupType === undefined ? group.groupType : body.groupType,
      description: body.description ?? null,
      externalId: body.externalId ?? null,
      startDate: dates.startDate,
      endDate: dates.endDate,
    };
    const { name, groupType, description, externalId, startDate, endDate } = changed;
    await this.rows.updateGroup(tx, group.id, { name, groupType, description, externalId, startDate, endDate });
    const after = groupPayload(changed, await this.parentOn(tx, group.id, referenceDay(changed)));
    tx.recordUpdate({ entityType: 'functional_group', entityId: group.id, before, after });
    return group.id;
  }

  async findGroup(tx: TxScope, id: string): Promise<FunctionalGroupEntity> {
    const group = await this.rows.findGroup(tx, id);
    if (!group) throw DomainError.notFound('Functional group', id);
    return group;
  }

  /** The id of the plan's group with that externalId, or null. */
  async idByExternalId(tx: TxScope, externalId: string): Promise<string | null> {
    return this.rows.groupIdByExternalId(tx, externalId);
  }

  /** The group's parent on the day (null at the top level or when it has no placement that day). */
  async parentOn(tx: TxScope, groupId: string, day: string): Promise<string | null> {
    return this.links.targetOn(tx, PLACEMENTS, groupId, day);
  }
}
