import { adjustmentsController } from '../compensation/adjustments.controller';
import { CreateSalaryAdjustmentDto, SalaryAdjustmentDto, UpdateSalaryAdjustmentDto } from '../compensation/dto/salary-adjustment.dto';
import { SalaryAdjustmentsService } from '../compensation/salary-adjustments.service';
import { bulkController } from '../crud/bulk.controller';
import { crudController, CrudControllerOptions } from '../crud/crud.controller';
import { customAttributeValuesController } from '../custom-attributes/custom-attribute-values.controller';
import { CreateEmployeeDto, EmployeeDto, EmployeeIncludeQueryDto, EmployeeQueryDto, UpdateEmployeeDto } from './dto/employee.dto';
import { EmployeesService } from './employees.service';

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
const EmployeesController = crudController(employeesCrud);
const EmployeesBulkController = bulkController(employeesCrud);

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

const EmployeeAttributesController = customAttributeValuesController({
  path: 'employees',
  tag: 'Employees',
  entityType: 'EMPLOYEE',
  view: 'employees_view',
  service: EmployeesService,
});

/** The routes of this module, in the order Nest registers them (fixed paths such as `bulk` before `:id`). */
export const EmployeesControllers = [
  EmployeesBulkController,
  SalaryAdjustmentsController,
  EmployeeAttributesController,
  EmployeesController,
];
