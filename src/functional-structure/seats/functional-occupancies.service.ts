import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../common/auth/request-context';
import { ContractorsService } from '../../contractors/contractors.service';
import { todayUtc } from '../../common/dates';
import { decimalToString } from '../../common/decimals';
import { DomainError } from '../../common/errors/domain-error';
import { newId } from '../../common/ids';
import { UnitOfWork } from '../../database/unit-of-work';
import { EmployeesService } from '../../employees/employees.service';
import { VacanciesService } from '../../vacancies/vacancies.service';
import { referenceDay, within } from '../dated';
import type { FunctionalAssignmentBodyDto } from '../dto/functional-structure.dto';
import { FunctionalAssignmentEntity } from '../entities/functional-assignment.entity';
import type { FunctionalPositionEntity } from '../entities/functional-position.entity';
import { FunctionalAccessService } from '../access/functional-access.service';
import { FunctionalPositionsService } from './functional-positions.service';
import { CapacityHolder, FunctionalStructureRepository, TxScope } from '../functional-structure.repository';
import { assignmentPayload } from '../payloads';
import type { Person } from '../dated';
import { checkDates, fail, span } from '../write-rules';

/**
 * Seat occupancies (assignments) of the functional structure (document 02 write rule 4): create and
 * replace under the seat's and the person's advisory locks, inside the seat's and the person's days and
 * within both capacities. Occupancies are never deleted: a person holding a seat cannot be deleted.
 */
@Injectable()
export class FunctionalOccupanciesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: FunctionalAccessService,
    private readonly rows: FunctionalStructureRepository,
    private readonly positions: FunctionalPositionsService,
    private readonly employees: EmployeesService,
    private readonly contractors: ContractorsService,
    private readonly vacancies: VacanciesService,
  ) {}

  async createAssignment(ctx: RequestContext, body: FunctionalAssignmentBodyDto): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      const person = await this.resolvePerson(tx, body);
      checkDates(body.startDate, body.endDate);
      await this.rows.lock(tx, { seats: [body.functionalPositionId], person });
      const position = await this.positions.findPosition(tx, body.functionalPositionId);
      await this.access.assertCanEditGroup(tx, position.functionalGroupId, body.startDate);
      const assignment: FunctionalAssignmentEntity = {
        planId: ctx.planId,
        id: newId(),
        organizationId: ctx.organizationId,
        functionalPositionId: position.id,
        employeeId: person.kind === 'employee' ? person.id : null,
        contractorId: person.kind === 'contractor' ? person.id : null,
        vacancyId: person.kind === 'vacancy' ? person.id : null,
        fte: String(body.fte),
        startDate: body.startDate,
        endDate: body.endDate ?? null,
      } as FunctionalAssignmentEntity;
      await this.assertOccupancy(tx, assignment, position, person, null);
      await this.rows.insertAssignment(tx, assignment);
      tx.record({
        entityType: 'functional_assignment',
        entityId: assignment.id,
        changeType: 'create',
        before: null,
        after: assignmentPayload(assignment),
      });
      return assignment.id;
    });
  }

  /** Write rule 4: share and dates change; the seat and the person must stay. */
  async replaceAssignment(ctx: RequestContext, id: string, body: FunctionalAssignmentBodyDto): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      const person = await this.resolvePerson(tx, body);
      const current = await this.findAssignment(tx, id);
      const currentPerson = current.employeeId ?? current.contractorId ?? current.vacancyId;
      const currentKind = current.employeeId ? 'employee' : current.contractorId ? 'contractor' : 'vacancy';
      if (body.functionalPositionId !== current.functionalPositionId || person.kind !== currentKind || person.id !== currentPerson) {
        fail('ASSIGNMENT_IDENTITY_IMMUTABLE', 'An assignment keeps its seat and its person; use POST /structure/move to move an occupant');
      }
      checkDates(body.startDate, body.endDate);
      await this.rows.lock(tx, { seats: [current.functionalPositionId], person });
      const position = await this.positions.findPosition(tx, current.functionalPositionId);
      await this.access.assertCanEditGroup(tx, position.functionalGroupId, referenceDay(current));
      const changed: FunctionalAssignmentEntity = {
        ...current,
        fte: String(body.fte),
        startDate: body.startDate,
        endDate: body.endDate ?? null,
      };
      await this.assertOccupancy(tx, changed, position, person, current.id);
      await this.rows.updateAssignment(tx, current.id, { fte: changed.fte, startDate: changed.startDate, endDate: changed.endDate });
      const before = assignmentPayload(current);
      const after = assignmentPayload(changed);
      tx.recordUpdate({ entityType: 'functional_assignment', entityId: current.id, before, after });
      return current.id;
    });
  }

  async findAssignment(tx: TxScope, id: string): Promise<FunctionalAssignmentEntity> {
    const assignment = await this.rows.findAssignment(tx, id);
    if (!assignment) throw DomainError.notFound('Functional assignment', id);
    return assignment;
  }

  /** The occupant of a stored assignment. */
  async personOf(tx: TxScope, a: FunctionalAssignmentEntity): Promise<Person> {
    return this.resolvePerson(tx, {
      employeeId: a.employeeId,
      contractorId: a.contractorId,
      vacancyId: a.vacancyId,
    } as FunctionalAssignmentBodyDto);
  }

  /**
   * Seat occupancies are never deleted (document 02): a person or vacancy holding a seat today or later
   * cannot be deleted (409) until the occupancy is ended; ended occupancies stay as history.
   */
  async refuseIfSeated(tx: TxScope, holder: Exclude<CapacityHolder, 'functional_position_id'>, id: string): Promise<void> {
    const n = await this.rows.seatsHeldFrom(tx, holder, id, todayUtc());
    if (n > 0) throw DomainError.conflict(`${id} still holds ${n} seat assignments in the functional structure; end them first`);
  }

  /** Exactly one of employeeId, contractorId, vacancyId, resolved to an existing person of the plan. */
  private async resolvePerson(tx: TxScope, body: FunctionalAssignmentBodyDto): Promise<Person> {
    const given = (['employeeId', 'contractorId', 'vacancyId'] as const).filter((f) => body[f] !== undefined && body[f] !== null);
    if (given.length !== 1) {
      const message = 'Exactly one of employeeId, contractorId and vacancyId must be set';
      throw new DomainError('EXACTLY_ONE_RESOURCE', message, [{ field: given.length ? given.join(',') : 'employeeId', message }]);
    }
    const value = body[given[0]]!;
    if (given[0] === 'employeeId') {
      const e = await this.employees.find(tx, value);
      return { kind: 'employee', id: e.id, dates: { startDate: e.startDate, endDate: e.endDate }, limit: '1' };
    }
    if (given[0] === 'contractorId') {
      const c = await this.contractors.find(tx, value);
      return { kind: 'contractor', id: c.id, dates: { startDate: c.startDate, endDate: c.endDate }, limit: '1' };
    }
    const v = await this.vacancies.find(tx, value);
    const fte = Number(v.fte);
    if (!(fte > 0 && fte <= 1)) fail('INVALID_FTE', `Vacancy ${v.id} has a stored fte of ${decimalToString(v.fte)}, outside (0, 1]`);
    return { kind: 'vacancy', id: v.id, dates: null, limit: v.fte };
  }

  /** An occupancy inside its seat's and person's days, and no day over the seat's or the person's capacity. */
  private async assertOccupancy(
    tx: TxScope,
    a: FunctionalAssignmentEntity,
    position: FunctionalPositionEntity,
    person: Person,
    exceptId: string | null,
  ): Promise<void> {
    if (!within(a, position)) fail('OUTSIDE_ACTIVE_DATES', `The occupancy's days (${span(a)}) fall outside the seat's (${span(position)})`);
    if (person.dates && !within(a, person.dates))
      fail('OUTSIDE_ACTIVE_DATES', `The occupancy's days (${span(a)}) fall outside the ${person.kind}'s (${span(person.dates)})`);
    const probe = { from: a.startDate, to: a.endDate, fte: a.fte, exceptId };
    const seat = await this.rows.firstDayOverCapacity(tx, {
      ...probe,
      holder: 'functional_position_id',
      holderId: position.id,
      limit: position.requiredFte,
    });
    if (seat)
      fail(
        'OVER_ALLOCATED',
        `On ${seat.day} the seat's occupants would hold ${decimalToString(seat.total)} FTE, over its requiredFte ${decimalToString(position.requiredFte)}`,
      );
    const holder: CapacityHolder = `${person.kind}_id`;
    const over = await this.rows.firstDayOverCapacity(tx, { ...probe, holder, holderId: person.id, limit: person.limit });
    if (over)
      fail(
        'OVER_ALLOCATED',
        `On ${over.day} the ${person.kind} would hold ${decimalToString(over.total)} FTE across seats, over ${decimalToString(person.limit)}`,
      );
  }
}
