import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../common/auth/request-context';
import { addDays } from '../../common/dates';
import { decimalToString } from '../../common/decimals';
import { DomainError } from '../../common/errors/domain-error';
import { newId } from '../../common/ids';
import { Tx, UnitOfWork } from '../../database/unit-of-work';
import { Dated, isActiveOn, within } from '../dated';
import { DatedLinks, REPORTS } from '../dated-links';
import type { StructureMoveDto } from '../dto/functional-structure.dto';
import { FunctionalAssignmentEntity } from '../entities/functional-assignment.entity';
import { FunctionalAccessService } from '../access/functional-access.service';
import { FunctionalOccupanciesService } from './functional-occupancies.service';
import { FunctionalPositionsService } from './functional-positions.service';
import { FunctionalStructureRepository } from '../functional-structure.repository';
import { assignmentPayload, positionPayload } from '../payloads';
import { fail, span } from '../write-rules';

/**
 * Document 02 write rule 6 (`POST /functional-groups/structure/move`), from an effective day: a seat to another reporting
 * line (through the dated link engine) or an occupant to another seat. Earlier days keep what they had. A group's
 * move (write rule 2) is MoveFunctionalGroupUseCase.
 */
@Injectable()
export class MoveFunctionalStructureUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: FunctionalAccessService,
    private readonly rows: FunctionalStructureRepository,
    private readonly links: DatedLinks,
    private readonly positions: FunctionalPositionsService,
    private readonly occupancies: FunctionalOccupanciesService,
  ) {}

  /** Write rule 6. Returns the position id, or the id of the assignment that holds the seat from effectiveDate. */
  async execute(ctx: RequestContext, body: StructureMoveDto): Promise<string> {
    return body.kind === 'POSITION' ? this.movePosition(ctx, body) : this.moveAssignment(ctx, body);
  }

  private async movePosition(ctx: RequestContext, body: StructureMoveDto): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      await this.rows.lock(tx, { structure: true });
      const position = await this.positions.findPosition(tx, body.id);
      const day = body.effectiveDate;
      await this.access.assertCanEditGroup(tx, position.functionalGroupId, day);
      if (!isActiveOn(position, day))
        fail('OUTSIDE_ACTIVE_DATES', `effectiveDate ${day} is outside the position's days (${span(position)})`);
      const moved: Dated = { startDate: day, endDate: position.endDate };
      const targetId = body.targetPositionId;
      if (targetId !== null) {
        if (targetId === position.id) fail('HIERARCHY_CYCLE', 'A position cannot report to itself');
        const target = await this.positions.findPosition(tx, targetId);
        if (target.functionalGroupId !== position.functionalGroupId)
          fail('POSITION_AREA_IMMUTABLE', 'A position may report only to a position in the same group');
        if (!within(moved, target))
          fail('OUTSIDE_ACTIVE_DATES', `The target seat's days (${span(target)}) do not cover the position from ${day} (${span(moved)})`);
        const cycleDay = await this.links.firstCycleDay(tx, REPORTS, target.id, position.id, moved);
        if (cycleDay) fail('HIERARCHY_CYCLE', `On ${cycleDay} ${target.id} reports (directly or not) to ${position.id}`);
      }
      const change = await this.links.relink(tx, REPORTS, position.id, day, targetId);
      if (change) {
        await this.rows.updatePosition(tx, position.id, { updatedAt: new Date() });
        tx.record({
          entityType: 'functional_position',
          entityId: position.id,
          changeType: 'update',
          before: positionPayload(position, change.before),
          after: positionPayload(position, targetId),
        });
      }
      return position.id;
    });
  }

  private async moveAssignment(ctx: RequestContext, body: StructureMoveDto): Promise<string> {
    if (body.targetPositionId === null)
      throw DomainError.validation('targetPositionId', 'targetPositionId must name the destination seat for kind ASSIGNMENT');
    const targetId = body.targetPositionId;
    return this.uow.run(ctx, async (tx) => {
      const found = await this.occupancies.findAssignment(tx, body.id);
      const person = await this.occupancies.personOf(tx, found);
      if (targetId === found.functionalPositionId) throw DomainError.validation('targetPositionId', 'The occupant already holds that seat');
      await this.rows.lock(tx, { seats: [found.functionalPositionId, targetId], person });
      const assignment = await this.occupancies.findAssignment(tx, body.id);
      const source = await this.positions.findPosition(tx, assignment.functionalPositionId);
      const target = await this.positions.findPosition(tx, targetId);
      const day = body.effectiveDate;
      await this.access.assertCanEditGroup(tx, source.functionalGroupId, day);
      await this.access.assertCanEditGroup(tx, target.functionalGroupId, day);
      if (!isActiveOn(assignment, day))
        fail('OUTSIDE_ACTIVE_DATES', `effectiveDate ${day} is outside the assignment's days (${span(assignment)})`);
      if (!isActiveOn(source, day)) fail('OUTSIDE_ACTIVE_DATES', `The current seat is not active on ${day}`);
      const moved: FunctionalAssignmentEntity = { ...assignment, functionalPositionId: target.id, startDate: day };
      if (!within(moved, target))
        fail(
          'OUTSIDE_ACTIVE_DATES',
          `The destination seat's days (${span(target)}) do not cover the occupancy from ${day} (${span(moved)})`,
        );
      const probe = {
        holder: 'functional_position_id',
        holderId: target.id,
        from: day,
        to: assignment.endDate,
        fte: assignment.fte,
        exceptId: null,
        limit: target.requiredFte,
      } as const;
      const over = await this.rows.firstDayOverCapacity(tx, probe);
      if (over)
        fail(
          'OVER_ALLOCATED',
          `On ${over.day} the destination seat would hold ${decimalToString(over.total)} FTE, over its requiredFte ${decimalToString(target.requiredFte)}`,
        );
      return this.reseat(tx, assignment, moved, day);
    });
  }

  /**
   * The occupancy holds the destination seat from `day`: on its first day the seat is replaced (no day
   * keeps the old one); later the occupancy ends the day before and a new one starts on `day`.
   */
  private async reseat(tx: Tx, assignment: FunctionalAssignmentEntity, moved: FunctionalAssignmentEntity, day: string): Promise<string> {
    const ctx = tx.ctx;
    const before = assignmentPayload(assignment);
    if (assignment.startDate === day) {
      await this.rows.updateAssignment(tx, assignment.id, { functionalPositionId: moved.functionalPositionId });
      tx.record({
        entityType: 'functional_assignment',
        entityId: assignment.id,
        changeType: 'update',
        before,
        after: assignmentPayload(moved),
      });
      return assignment.id;
    }
    const ended: FunctionalAssignmentEntity = { ...assignment, endDate: addDays(day, -1) };
    await this.rows.updateAssignment(tx, assignment.id, { endDate: ended.endDate });
    tx.record({
      entityType: 'functional_assignment',
      entityId: assignment.id,
      changeType: 'update',
      before,
      after: assignmentPayload(ended),
    });
    const created: FunctionalAssignmentEntity = { ...moved, id: newId(), organizationId: ctx.organizationId, planId: ctx.planId };
    delete (created as Partial<FunctionalAssignmentEntity>).createdAt;
    delete (created as Partial<FunctionalAssignmentEntity>).updatedAt;
    await this.rows.insertAssignment(tx, created);
    tx.record({
      entityType: 'functional_assignment',
      entityId: created.id,
      changeType: 'create',
      before: null,
      after: assignmentPayload(created),
    });
    return created.id;
  }
}
