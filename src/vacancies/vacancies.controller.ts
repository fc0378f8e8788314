import { Body, Controller, Param } from '@nestjs/common';
import { Post } from '../common/http/write-routes';
import { ApiBody, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequirePermissions } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors } from '../common/http/api-responses';
import { DataEnvelope, one } from '../common/http/envelopes';
import { FILL_EXAMPLES, FillResultDto, FillVacancyDto } from './dto/fill.dto';
import { FillVacancyUseCase } from './fill-vacancy.use-case';
import type { CrudControllerOptions } from '../crud/crud.controller';
import { recordControllers } from '../custom-attributes/record-controllers';
import { CreateVacancyDto, UpdateVacancyDto, VacancyDto, VacancyIncludeQueryDto, VacancyQueryDto } from './dto/vacancy.dto';
import { VacanciesService } from './vacancies.service';

@ApiTags('Vacancies')
@Controller('api/v1/org/:orgId/vacancies')
export class VacancyFillController {
  constructor(private readonly fillVacancy: FillVacancyUseCase) {}

  /**
   * Fills the vacancy atomically with a new employee (initial salary) or contractor (initial rate):
   * its assignments move to the filler from startDate and it becomes `filled`. Already filled: 409.
   */
  @Post(':id/fill')
  @RequirePermissions('vacancies_edit')
  @ApiParam({ name: 'id', description: 'The vacancy id, or its externalId' })
  @ApiBody({ type: FillVacancyDto, examples: FILL_EXAMPLES })
  @ApiData(FillResultDto, 200)
  @ApiErrors(400, 404, 409, 501)
  async fill(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: FillVacancyDto): Promise<DataEnvelope<FillResultDto>> {
    return one(await this.fillVacancy.execute(ctx, id, body));
  }
}

const vacanciesCrud: CrudControllerOptions = {
  path: 'vacancies',
  etag: true,
  createResolvesReferences: true,
  tag: 'Vacancies',
  view: 'vacancies_view',
  edit: 'vacancies_edit',
  service: VacanciesService,
  response: VacancyDto,
  create: CreateVacancyDto,
  update: UpdateVacancyDto,
  query: VacancyQueryDto,
  readQuery: VacancyIncludeQueryDto,
};

/** The routes of this module, in the order Nest registers them (recordControllers). */
export const VacanciesControllers = recordControllers(vacanciesCrud, [VacancyFillController]);
