import { Controller, Get } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiData } from '../common/http/api-responses';
import { DataEnvelope, one } from '../common/http/envelopes';
import { RequirePermissions } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';

export class KeyInfoDto {
  @ApiProperty({ description: "The key's organization" }) organizationId: string;
  @ApiProperty({ description: "The API key's id (the `initiator.id` of webhook events its requests cause)" }) apiKeyId: string;
  @ApiProperty({ description: "The key's creator (a user id)" }) userId: string;
  /** Effective permissions: the key's, narrowed to its creator's. */
  @ApiProperty({ description: 'Effective permissions: the key permissions, narrowed to those of its creator', type: [String] })
  permissions: string[];
}

@ApiTags('API key')
@Controller('api/v1/org/:orgId/me')
export class MeController {
  /** Who the key is: its organization, id, creator and effective permissions. Any valid key may call it. */
  @Get()
  @RequirePermissions()
  @ApiData(KeyInfoDto)
  me(@Ctx() ctx: RequestContext): DataEnvelope<KeyInfoDto> {
    return one({
      organizationId: ctx.organizationId,
      apiKeyId: ctx.actor.id,
      userId: ctx.userId ?? '',
      permissions: [...ctx.permissions].sort(),
    });
  }
}
