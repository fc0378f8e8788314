import { Module } from '@nestjs/common';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { BudgetsControllers } from './budgets.controller';
import { BudgetsService } from './budgets.service';

@Module({
  imports: [CustomAttributesModule],
  controllers: BudgetsControllers,
  providers: [BudgetsService],
  exports: [BudgetsService],
})
export class BudgetsModule {}
