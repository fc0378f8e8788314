import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../common/auth/request-context';
import { randomBase62 } from '../access/secrets';
import { AssignmentsRepository } from '../assignments/assignments.repository';
import { AssignmentsService } from '../assignments/assignments.service';
import { AssignmentEntity } from '../assignments/entities/assignment.entity';
import { addDays } from '../common/dates';
import { DomainError } from '../common/errors/domain-error';
import { ContractorDto } from '../contractors/dto/contractor.dto';
import { ContractorsService } from '../contractors/contractors.service';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { SalaryAdjustmentDto } from '../compensation/dto/salary-adjustment.dto';
import { EmployeeDto } from '../employees/dto/employee.dto';
import { EmployeesService } from '../employees/employees.service';
import { FillEmployeeDto, FillResultDto, FillVacancyDto } from './dto/fill.dto';
import { VacancyEntity } from './entities/vacancy.entity';
import { VacanciesService } from './vacancies.service';

const EMPLOYEE_BRANCH = ['email', 'firstName', 'lastName', 'salary', 'jobRoleId', 'jobRole'] as const;
const CONTRACTOR_BRANCH = ['name', 'rate', 'rateType', 'contractorType'] as const;

type Holder = { kind: 'employee' | 'contractor'; id: string };
type Filler = { employee: FillEmployeeDto | null; contractor: ContractorDto | null; holder: Holder };

/**
 * Document 01 "Fill a vacancy" (`POST /vacancies/{id}/fill`), atomically: the filler (employee with its
 * initial salary, or contractor with its initial rate) is created, the vacancy's assignments move to it
 * from startDate, the vacancy becomes `filled`. The row lock makes a second concurrent fill wait and then
 * see it filled.
 */
@Injectable()
export class FillVacancyUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly vacancies: VacanciesService,
    private readonly employees: EmployeesService,
    private readonly contractors: ContractorsService,
    private readonly assignments: AssignmentsService,
    private readonly assignmentRows: AssignmentsRepository,
  ) {}

  async execute(ctx: RequestContext, idOrExternalId: string, input: FillVacancyDto): Promise<FillResultDto> {
    const fillerType = checkFillInput(input);
    return this.uow.run(ctx, async (tx) => {
      const vacancy = await this.vacancies.find(tx, idOrExternalId, true);
      if ((await this.vacancies.filledIds(tx, [vacancy.id])).has(vacancy.id)) {
        throw DomainError.conflict(`Vacancy ${vacancy.id} is already filled`);
      }
      const before = this.vacancies.payload(vacancy);
      const { employee, contractor, holder } =
        fillerType === 'employee' ? await this.createEmployee(tx, vacancy, input) : await this.createContractor(tx, vacancy, input);
      vacancy.filledByLiveEmployeeId = holder.kind === 'employee' ? holder.id : null;
      vacancy.filledByLiveContractorId = holder.kind === 'contractor' ? holder.id : null;
      const moved = await this.transferAssignments(tx, vacancy.id, holder, input.startDate);
      vacancy.status = 'filled';
      await this.vacancies.saveRecorded(tx, vacancy, before);
      return {
        employee,
        contractor,
        vacancyId: vacancy.id,
        teamAllocationsTransferred: moved.team,
        projectAllocationsTransferred: moved.project,
      };
    });
  }

  /** Fields the filler takes from the vacancy unless the body sets them. */
  private common(vacancy: VacancyEntity, input: FillVacancyDto) {
    return {
      startDate: input.startDate,
      managerId: input.managerId !== undefined ? input.managerId : vacancy.hiringManagerId,
      workTypeId: input.workTypeId !== undefined ? input.workTypeId : vacancy.workTypeId,
      geographyId: input.geographyId !== undefined ? input.geographyId : vacancy.geographyId,
      costCentreId: vacancy.costCentreId,
      defaultCurrencyCode: input.currencyCode,
    };
  }

  private async createEmployee(tx: Tx, vacancy: VacancyEntity, input: FillVacancyDto): Promise<Filler> {
    const useOwnRole = input.jobRoleId !== undefined || input.jobRole !== undefined;
    const created = await this.employees.createIn(
      tx,
      {
        ...this.common(vacancy, input),
        firstName: input.firstName!,
        lastName: input.lastName!,
        email: input.email ?? `vacancy-${vacancy.id}-${randomBase62(8).toLowerCase()}@placeholder.invalid`,
        jobRoleId: useOwnRole ? input.jobRoleId : vacancy.jobRoleId,
        jobRole: input.jobRoleId !== undefined ? undefined : input.jobRole,
        salary: { effectiveDate: input.startDate, salary: input.salary!, currencyCode: input.currencyCode },
      },
      { viaFill: true },
    );
    const employee = fillEmployee(EmployeeDto.from(created), await this.employees.currentSalaryIn(tx, created.id));
    return { employee, contractor: null, holder: { kind: 'employee', id: created.id } };
  }

  private async createContractor(tx: Tx, vacancy: VacancyEntity, input: FillVacancyDto): Promise<Filler> {
    const created = await this.contractors.createIn(
      tx,
      {
        ...this.common(vacancy, input),
        name: input.name!,
        contractorType: input.contractorType,
        jobRoleId: vacancy.jobRoleId,
        rateAdjustment: {
          effectiveDate: input.startDate,
          rate: input.rate!,
          rateType: input.rateType!,
          currencyCode: input.currencyCode,
        },
      },
      { viaFill: true },
    );
    const contractor = { ...ContractorDto.from(created), currentRate: await this.contractors.currentRateIn(tx, created.id) };
    return { employee: null, contractor, holder: { kind: 'contractor', id: created.id } };
  }

  /**
   * Every assignment of the vacancy still running on startDate is end-dated the day before and
   * re-created for the filler from startDate; one that starts on or after startDate moves whole.
   * Recorded for the audit history only: document 02 lists no allocation events for a fill.
   */
  private async transferAssignments(
    tx: Tx,
    vacancyId: string,
    holder: Holder,
    startDate: string,
  ): Promise<{ team: number; project: number }> {
    const open = await this.assignmentRows.openOfVacancy(tx, vacancyId, startDate);
    const counts = { team: 0, project: 0 };
    const dayBefore = addDays(startDate, -1);
    for (const old of open) {
      const beforeOld = this.assignments.payload(old);
      const kind = this.assignments.entityTypeOf(old);
      if (old.startDate >= startDate) {
        await this.assignments.rows.deleteIds(tx, [old.id]);
        tx.record({ entityType: kind, entityId: old.id, changeType: 'delete', before: beforeOld, after: null, notify: false });
      } else {
        await this.assignments.rows.updateIds(tx, [old.id], { endDate: dayBefore });
        const after = { ...beforeOld, endDate: dayBefore };
        tx.record({ entityType: kind, entityId: old.id, changeType: 'update', before: beforeOld, after, notify: false });
      }
      const copy = Object.assign(new AssignmentEntity(), {
        type: old.type,
        targetId: old.targetId,
        employeeId: holder.kind === 'employee' ? holder.id : null,
        contractorId: holder.kind === 'contractor' ? holder.id : null,
        vacancyId: null,
        teamId: null,
        fte: old.fte,
        startDate: old.startDate >= startDate ? old.startDate : startDate,
        endDate: old.endDate,
        role: old.role,
      });
      await this.assignments.insertRecorded(tx, copy, false);
      counts[old.type]++;
    }
    return counts;
  }
}

/** The filler type, after refusing the other branch's fields and missing required ones (400, before any read). */
function checkFillInput(input: FillVacancyDto): 'employee' | 'contractor' {
  const fillerType = input.fillerType ?? 'employee';
  const others = fillerType === 'employee' ? CONTRACTOR_BRANCH : EMPLOYEE_BRANCH;
  const wrong = others.filter((field) => input[field] !== undefined);
  if (wrong.length) {
    throw DomainError.validationMany(
      wrong.map((field) => ({ field, message: `${field} is not accepted when fillerType is ${fillerType}` })),
    );
  }
  const required = fillerType === 'employee' ? (['firstName', 'lastName', 'salary'] as const) : (['name', 'rate', 'rateType'] as const);
  const missing = required.filter((field) => input[field] === undefined || input[field] === null);
  if (missing.length)
    throw DomainError.validationMany(missing.map((field) => ({ field, message: `${field} is required when fillerType is ${fillerType}` })));
  return fillerType;
}

function fillEmployee(e: EmployeeDto, currentSalary: SalaryAdjustmentDto | null): FillEmployeeDto {
  return {
    id: e.id,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    internalEmployeeId: e.internalEmployeeId,
    startDate: e.startDate,
    endDate: e.endDate,
    managerId: e.managerId,
    jobRoleId: e.jobRoleId,
    workTypeId: e.workTypeId,
    geographyId: e.geographyId,
    defaultCurrencyCode: e.defaultCurrencyCode,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    currentSalary,
  };
}
