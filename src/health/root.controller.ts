import { Controller, Get, Redirect } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { Public } from '../common/auth/access.decorators';

/** `GET /`: the service's front door is its documentation. */
@Public()
@Controller()
export class RootController {
  @Get()
  @ApiExcludeEndpoint()
  @Redirect('/docs', 302)
  root(): void {}
}
