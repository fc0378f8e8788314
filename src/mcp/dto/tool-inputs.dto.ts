import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { RejectUnknownFields } from '../../common/validation/validation.pipe';
import { IntegerQuery, IsDateOnly, IsIdOrExternalId, IsOptional } from '../../common/validation/validators';
import { MoveGroupDto } from '../../functional-structure/dto/functional-structure.dto';
import { VACANCY_STATUSES, type VacancyStatus } from '../../vacancies/entities/vacancy.entity';

/** `search_people`: the text searched as the employee and contractor lists' `search`. */
export class SearchPeopleInputDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  query: string;

  /** At most this many records in all (1-50, default 50). */
  @IntegerQuery({ minimum: 1, maximum: 50 })
  limit?: number;
}

/** `list_open_vacancies`: the vacancy list without filled vacancies, by status. */
export class OpenVacanciesInputDto {
  @IsOptional()
  @IsIn(VACANCY_STATUSES, { message: `status must be one of ${VACANCY_STATUSES.join(', ')}` })
  status?: VacancyStatus;

  /** 1-100, default 100. */
  @IntegerQuery({ minimum: 1, maximum: 100 })
  limit?: number;

  @IntegerQuery({ minimum: 1, maximum: 1_000_000 })
  page?: number;
}

/** `get_functional_group_summary`: the path id and the `asOf` query of `GET /functional-groups/:id/summary`. */
export class GroupSummaryInputDto {
  @IsIdOrExternalId()
  id: string;

  @IsOptional()
  @IsDateOnly()
  asOf?: string;
}

/** `move_functional_group`: the path id and the body of `POST /functional-groups/:id/move`. */
@RejectUnknownFields()
export class MoveGroupInputDto extends MoveGroupDto {
  @IsIdOrExternalId()
  id: string;
}

/** `get_budget_variance`: the path id of `GET /budgets/:id/variance` and its `scenarioId`. */
@RejectUnknownFields()
export class BudgetVarianceInputDto {
  @IsString()
  @IsNotEmpty()
  budgetId: string;

  /** Forecast this scenario against the budget instead of live data. */
  @IsOptional()
  @IsString()
  scenarioId?: string;
}
