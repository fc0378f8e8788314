import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../common/auth/request-context';
import { UnitOfWork } from '../../database/unit-of-work';
import { Dated, isActiveOn, within } from '../dated';
import { DatedLinks, PLACEMENTS } from '../dated-links';
import type { MoveGroupDto } from '../dto/functional-structure.dto';
import { FunctionalAccessService } from '../access/functional-access.service';
import { FunctionalGroupsService } from './functional-groups.service';
import { FunctionalStructureRepository } from '../functional-structure.repository';
import { groupPayload } from '../payloads';
import { fail, span } from '../write-rules';

/**
 * Document 02 write rule 2 (`POST /functional-groups/{id}/move`): the group sits under another parent (or at the
 * root) from an effective day, through the dated link engine; earlier days keep the old parent.
 */
@Injectable()
export class MoveFunctionalGroupUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: FunctionalAccessService,
    private readonly rows: FunctionalStructureRepository,
    private readonly links: DatedLinks,
    private readonly groups: FunctionalGroupsService,
  ) {}

  /** The group's id. */
  async execute(ctx: RequestContext, id: string, body: MoveGroupDto): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      await this.rows.lock(tx, { structure: true });
      const group = await this.groups.findGroup(tx, id);
      const day = body.effectiveDate;
      await this.access.assertCanEditGroup(tx, group.id, day);
      const parentId = body.parentFunctionalGroupId;
      if (parentId === null) this.access.assertCanEditRoot(ctx);
      if (!isActiveOn(group, day)) fail('OUTSIDE_ACTIVE_DATES', `effectiveDate ${day} is outside the group's days (${span(group)})`);
      const moved: Dated = { startDate: day, endDate: group.endDate };
      if (parentId !== null) {
        if (parentId === group.id) fail('HIERARCHY_CYCLE', 'A group cannot be its own parent');
        const parent = await this.groups.findGroup(tx, parentId);
        await this.access.assertCanEditGroup(tx, parent.id, day);
        if (!within(moved, parent))
          fail('OUTSIDE_ACTIVE_DATES', `The new parent's days (${span(parent)}) do not cover the group from ${day} (${span(moved)})`);
        const cycleDay = await this.links.firstCycleDay(tx, PLACEMENTS, parent.id, group.id, moved);
        if (cycleDay) fail('HIERARCHY_CYCLE', `On ${cycleDay} ${parent.id} is beneath ${group.id}: the move would make a cycle`);
      }
      const change = await this.links.relink(tx, PLACEMENTS, group.id, day, parentId);
      if (change) {
        await this.rows.updateGroup(tx, group.id, { updatedAt: new Date() });
        tx.record({
          entityType: 'functional_group',
          entityId: group.id,
          changeType: 'update',
          before: groupPayload(group, change.before),
          after: groupPayload(group, parentId),
        });
      }
      return group.id;
    });
  }
}
