import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth/access.decorators';
import { ErrorResponseDto } from '../common/http/error-response.dto';
import { DomainError } from '../common/errors/domain-error';
import { HealthRepository } from './health.repository';

@ApiTags('Health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthRepository) {}

  /** Liveness: the process answers. */
  @Get()
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  live(): { status: string } {
    return { status: 'ok' };
  }

  /** Readiness: the database answers. */
  @Get('ready')
  @ApiOkResponse({ schema: { example: { status: 'ok', database: 'up' } } })
  @ApiServiceUnavailableResponse({ description: 'SERVICE_UNAVAILABLE: the database does not answer', type: ErrorResponseDto })
  async ready(): Promise<{ status: string; database: string }> {
    try {
      await this.health.ping();
      return { status: 'ok', database: 'up' };
    } catch {
      throw new DomainError('SERVICE_UNAVAILABLE', 'The database does not answer');
    }
  }
}
