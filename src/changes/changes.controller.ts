import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RequirePermissions } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiErrors } from '../common/http/api-responses';
import { ChangesService } from './changes.service';
import { ChangesPageDto, ChangesQueryDto } from './dto/change.dto';

@ApiTags('Changes')
@Controller('api/v1/org/:orgId/changes')
export class ChangesController {
  constructor(private readonly changes: ChangesService) {}

  /**
   * The live data's changes in commit order, as the event objects webhooks send plus `cursor`.
   * Poll with `after` = the last `nextCursor`: every change comes exactly once, even while writes commit
   * concurrently. Only entity types the key may view are returned. Any key may call it.
   */
  @Get()
  @RequirePermissions()
  @ApiOkResponse({ type: ChangesPageDto })
  @ApiErrors(400, [
    410,
    'GONE: the cursor is older than the oldest retained change (changeRetentionDays); details[0].value is the oldest retained cursor',
  ])
  @Header('Content-Type', 'application/json; charset=utf-8')
  list(@Ctx() ctx: RequestContext, @Query() query: ChangesQueryDto): Promise<string> {
    return this.changes.page(ctx, query);
  }
}
