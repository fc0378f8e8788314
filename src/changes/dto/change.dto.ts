import { EXAMPLE_ID } from '../../common/http/examples';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsOptional } from '../../common/validation/validators';
import { WEBHOOK_CHANGE_TYPES, WEBHOOK_ENTITY_TYPES } from '../../webhooks/webhook-event';

/** `GET /changes` query (spec 04 §4.2). */
export class ChangesQueryDto {
  /** An opaque cursor from an earlier answer (`nextCursor` or a change's `cursor`); omitted: from the oldest retained change. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  after?: string;

  /** Comma list of document 02 entity types; omitted: every type the key may view. */
  @ApiPropertyOptional({ example: 'employee,employee_team_allocation' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  entityTypes?: string;

  /** Changes per answer, 1 to 1,000. */
  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}

export class ChangeInitiatorDto {
  @ApiProperty({ example: 'api_key', enum: ['user', 'api_key', 'merge', 'system'] }) type: string;
  @ApiProperty({ example: 'cm3x7k2p9000sdefgqwer1234' }) id: string;
  @ApiPropertyOptional() email?: string;
}

/** Document 02's event object plus `cursor`. */
export class ChangeDto {
  /** The event id (the webhook delivery's `X-Service-Event-Id`). */
  @ApiProperty({ example: '9b2f6c1e-4d3a-4f8b-a6e2-7c1d5e0f3a94', format: 'uuid' }) id: string;
  /** When the change was made. */
  @ApiProperty({ example: '2026-01-15T09:30:00.000Z', format: 'date-time' }) timestamp: string;
  @ApiProperty({ example: 'employee', enum: WEBHOOK_ENTITY_TYPES }) entity_type: string;
  @ApiProperty({ example: EXAMPLE_ID.employee }) entity_id: string;
  @ApiProperty({ example: 'update', enum: WEBHOOK_CHANGE_TYPES }) change_type: string;
  @ApiProperty({ type: ChangeInitiatorDto }) initiator: ChangeInitiatorDto;
  @ApiProperty({ example: EXAMPLE_ID.organization }) organization_id: string;
  @ApiProperty({
    example: { id: EXAMPLE_ID.employee, firstName: 'Ana', lastName: 'Silva', endDate: null },
    type: 'object',
    nullable: true,
    additionalProperties: true,
  })
  before: Record<string, unknown> | null;
  @ApiProperty({
    example: { id: EXAMPLE_ID.employee, firstName: 'Ana', lastName: 'Silva', endDate: '2026-06-30' },
    type: 'object',
    nullable: true,
    additionalProperties: true,
  })
  after: Record<string, unknown> | null;
  /** This change's position: `after` = this cursor continues right after it. */
  @ApiProperty({ example: 'MTA0Mg' }) cursor: string;
}

export class ChangesMetaDto {
  /** Pass as `after` on the next poll; never null (without changes it is where this answer ended). */
  @ApiProperty({ example: 'MTA0Mg' }) nextCursor: string;
  /** More changes are already available: poll again at once. */
  @ApiProperty({ example: false }) hasMore: boolean;
}

export class ChangesPageDto {
  @ApiProperty({ type: [ChangeDto] }) data: ChangeDto[];
  @ApiProperty({ type: ChangesMetaDto }) meta: ChangesMetaDto;
}
