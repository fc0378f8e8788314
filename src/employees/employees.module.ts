import { Module } from '@nestjs/common';
import { AssignmentsModule } from '../assignments/assignments.module';
import { SalaryAdjustmentsService } from '../compensation/salary-adjustments.service';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { EmployeesService } from './employees.service';
import { EmployeesControllers } from './employees.controller';
import { EmploymentTermsService } from './employment-terms.service';

@Module({
  imports: [ReferenceDataModule, CustomAttributesModule, AssignmentsModule],
  controllers: EmployeesControllers,
  providers: [EmployeesService, SalaryAdjustmentsService, EmploymentTermsService],
  exports: [EmployeesService, SalaryAdjustmentsService, EmploymentTermsService],
})
export class EmployeesModule {}
