import { Module } from '@nestjs/common';
import { AssignmentsModule } from '../assignments/assignments.module';
import { RateAdjustmentsService } from '../compensation/rate-adjustments.service';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { EmployeesModule } from '../employees/employees.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { ContractorsService } from './contractors.service';
import { ContractorsControllers } from './contractors.controller';

@Module({
  imports: [ReferenceDataModule, CustomAttributesModule, AssignmentsModule, EmployeesModule],
  controllers: ContractorsControllers,
  providers: [ContractorsService, RateAdjustmentsService],
  exports: [ContractorsService, RateAdjustmentsService],
})
export class ContractorsModule {}
