import { adjustmentsController } from '../compensation/adjustments.controller';
import { CreateSalaryAdjustmentDto, SalaryAdjustmentDto, UpdateSalaryAdjustmentDto } from '../compensation/dto/salary-adjustment.dto';
import { SalaryAdjustmentsService } from '../compensation/salary-adjustments.service';
import type { CrudControllerOptions } from '../crud/crud.controller';
import { recordControllers } from '../custom-attributes/record-controllers';
import { CreateEmployeeDto, EmployeeDto, EmployeeIncludeQueryDto, EmployeeQueryDto, UpdateEmployeeDto } from './dto/employee.dto';
import { CreateEmploymentTermDto, EmploymentTermDto, UpdateEmploymentTermDto } from './dto/employment-term.dto';
import { EmployeesService } from './employees.service';
import { EmploymentTermsService } from './employment-terms.service';

const employeesCrud: CrudControllerOptions = {
  path: 'employees',
  etag: true,
  createResolvesReferences: true,
  tag: 'Employees',
  view: 'employees_view',
  edit: 'employees_edit',
  service: EmployeesService,
  response: EmployeeDto,
  create: CreateEmployeeDto,
  update: UpdateEmployeeDto,
  query: EmployeeQueryDto,
  readQuery: EmployeeIncludeQueryDto,
};

const SalaryAdjustmentsController = adjustmentsController({
  parentPath: 'employees',
  parentField: 'employeeId',
  path: 'salary-adjustments',
  tag: 'Compensation',
  parent: EmployeesService,
  service: SalaryAdjustmentsService,
  response: SalaryAdjustmentDto,
  create: CreateSalaryAdjustmentDto,
  update: UpdateSalaryAdjustmentDto,
});

/** Spec 07 §5.1: `/employees/:id/terms`, under the employee record's permissions. */
const EmploymentTermsController = adjustmentsController({
  parentPath: 'employees',
  parentField: 'employeeId',
  path: 'terms',
  tag: 'Employees',
  parent: EmployeesService,
  service: EmploymentTermsService,
  response: EmploymentTermDto,
  create: CreateEmploymentTermDto,
  update: UpdateEmploymentTermDto,
  view: 'employees_view',
  edit: 'employees_edit',
  where: "the employee's employment terms",
});

/** The routes of this module, in the order Nest registers them (recordControllers). */
export const EmployeesControllers = recordControllers(employeesCrud, [SalaryAdjustmentsController, EmploymentTermsController]);
