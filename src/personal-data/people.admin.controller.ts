import { Body, Controller } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiTags } from '@nestjs/swagger';
import { EXAMPLE_ID } from '../common/http/examples';
import { AdminApi } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors } from '../common/http/api-responses';
import type { DataEnvelope } from '../common/http/envelopes';
import { Post } from '../common/http/write-routes';
import { ErasePersonDto, ErasePersonResultDto } from './dto/erase-person.dto';
import { ErasePersonUseCase } from './erase-person.use-case';

@ApiTags('Application: personal data')
@AdminApi()
@Controller('admin/v1/organizations/:orgId/people')
export class PeopleAdminController {
  constructor(private readonly erasePerson: ErasePersonUseCase) {}

  /**
   * Destructive and irreversible: erases the personal data of one employee or contractor (names, e-mail,
   * externalId and the HR id, free-text reasons of their pay changes, values of personal custom attributes)
   * in live data, every scenario, the change history, webhook deliveries not yet sent, stored idempotent
   * answers and search. The record stays, with `Erased person` as its name, so that figures, forecasts
   * and history of the past are unchanged. Each live record erased sends one `update` event. Needs
   * X-Acting-User, a user with manage_personal_data and the edit permissions of the records erased (employees_edit or
   * contractors_edit, and compensation_edit). Erasing again answers zero counts.
   */
  @Post('erase')
  @ApiHeader({ name: 'X-Acting-User', required: true, description: 'The user who erases (needs manage_personal_data)' })
  @ApiBody({
    type: ErasePersonDto,
    examples: {
      employee: {
        summary: "Erase an employee (the demo's former employee, kept for erasing)",
        value: { employeeId: EXAMPLE_ID.erasableEmployee },
      },
      contractor: {
        summary: "Erase a contractor (the demo's past consultant, kept for erasing)",
        value: { contractorId: EXAMPLE_ID.erasableContractor },
      },
    },
  })
  @ApiData(ErasePersonResultDto, 200)
  @ApiErrors(
    400,
    [
      403,
      "FORBIDDEN: the acting user lacks manage_personal_data, or the edit permissions of the person's records (employees_edit or contractors_edit, and compensation_edit), or is not active",
    ],
    404,
  )
  async erase(@Ctx() ctx: RequestContext, @Body() body: ErasePersonDto): Promise<DataEnvelope<ErasePersonResultDto>> {
    return { data: await this.erasePerson.execute(ctx, body) };
  }
}
