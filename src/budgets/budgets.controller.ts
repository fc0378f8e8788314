import type { CrudControllerOptions } from '../crud/crud.controller';
import { recordControllers } from '../custom-attributes/record-controllers';
import { CreateBudgetDto, BudgetDto, BudgetQueryDto, UpdateBudgetDto } from './dto/budget.dto';
import { BudgetsService } from './budgets.service';

const budgetsCrud: CrudControllerOptions = {
  path: 'budgets',
  etag: true,
  tag: 'Budgets',
  view: 'budgets_view',
  edit: 'budgets_edit',
  service: BudgetsService,
  response: BudgetDto,
  create: CreateBudgetDto,
  update: UpdateBudgetDto,
  query: BudgetQueryDto,
};

/** The routes of this module, in the order Nest registers them (recordControllers). */
export const BudgetsControllers = recordControllers(budgetsCrud);
