import { EXAMPLE_ID } from '../../common/http/examples';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IntegerQuery, IsOptional } from '../../common/validation/validators';
import { ListQueryProperty } from '../../common/http/api-docs';
import { WEBHOOK_CHANGE_TYPES, WEBHOOK_ENTITY_TYPES } from '../../webhooks/webhook-event';

/** `GET /changes` query (spec 04 §4.2). */
export class ChangesQueryDto {
  /** An opaque cursor from an earlier answer (`nextCursor` or a change's `cursor`); omitted: from the oldest retained change. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  after?: string;

  @ListQueryProperty(
    'Entity types to return (as webhooks name them), comma-separated or repeated; omitted: every type the key may view.',
    WEBHOOK_ENTITY_TYPES,
  )
  entityTypes?: string;

  /** Changes per answer, 1 to 1,000. */
  @IntegerQuery({ minimum: 1, maximum: 1000, default: 100 })
  limit?: number;
}

export class ChangeInitiatorDto {
  /** `user` (the application), `api_key` (a REST request), `merge` (a scenario merge) or `system` (reserved). */
  @ApiProperty({ example: 'api_key', enum: ['user', 'api_key', 'merge', 'system'] }) type: string;
  /** The user id for user and merge, the API key id for api_key. */
  @ApiProperty({ example: 'cm3x7k2p9000sdefgqwer1234' }) id: string;
  /** The user's e-mail; only for changes made by people in the application. */
  @ApiPropertyOptional() email?: string;
}

/** Document 02's event object plus `cursor`. */
export class ChangeDto {
  /** The event id (the webhook delivery's `X-Service-Event-Id`). */
  @ApiProperty({ example: '9b2f6c1e-4d3a-4f8b-a6e2-7c1d5e0f3a94', format: 'uuid' }) id: string;
  /** When the change was made. */
  @ApiProperty({ example: '2026-01-15T09:30:00.000Z', format: 'date-time' }) timestamp: string;
  /** The kind of record changed. */
  @ApiProperty({ example: 'employee', enum: WEBHOOK_ENTITY_TYPES }) entity_type: string;
  /** The record's id. */
  @ApiProperty({ example: EXAMPLE_ID.employee }) entity_id: string;
  /** `create`, `update` or `delete`. */
  @ApiProperty({ example: 'update', enum: WEBHOOK_CHANGE_TYPES }) change_type: string;
  @ApiProperty({ type: ChangeInitiatorDto }) initiator: ChangeInitiatorDto;
  /** The organization. */
  @ApiProperty({ example: EXAMPLE_ID.organization }) organization_id: string;
  /** The record before the change, with the service's field names; null for create. */
  @ApiProperty({
    example: { id: EXAMPLE_ID.employee, firstName: 'Ana', lastName: 'Silva', endDate: null },
    type: 'object',
    nullable: true,
    additionalProperties: true,
  })
  before: Record<string, unknown> | null;
  /** The record after the change; null for delete. */
  @ApiProperty({
    example: { id: EXAMPLE_ID.employee, firstName: 'Ana', lastName: 'Silva', endDate: '2026-06-30' },
    type: 'object',
    nullable: true,
    additionalProperties: true,
  })
  after: Record<string, unknown> | null;
  /** This change's position: `after` = this cursor continues right after it. */
  @ApiProperty({ example: 'MTA0Mi5YazN2OVE' }) cursor: string;
}

export class ChangesMetaDto {
  /** Pass as `after` on the next poll; never null (without changes it is where this answer ended). */
  @ApiProperty({ example: 'MTA0Mi5YazN2OVE' }) nextCursor: string;
  /** More changes are already available: poll again at once. */
  @ApiProperty({ example: false }) hasMore: boolean;
}

export class ChangesPageDto {
  /** Changes in commit order. */
  @ApiProperty({ type: [ChangeDto] }) data: ChangeDto[];
  @ApiProperty({ type: ChangesMetaDto }) meta: ChangesMetaDto;
}
