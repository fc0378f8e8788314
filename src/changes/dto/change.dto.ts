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
  @ApiProperty({ enum: ['user', 'api_key', 'merge', 'system'] }) type: string;
  @ApiProperty() id: string;
  @ApiPropertyOptional() email?: string;
}

/** Document 02's event object plus `cursor`. */
export class ChangeDto {
  /** The event id (the webhook delivery's `X-Service-Event-Id`). */
  @ApiProperty({ format: 'uuid' }) id: string;
  /** When the change was made. */
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({ enum: WEBHOOK_ENTITY_TYPES }) entity_type: string;
  @ApiProperty() entity_id: string;
  @ApiProperty({ enum: WEBHOOK_CHANGE_TYPES }) change_type: string;
  @ApiProperty({ type: ChangeInitiatorDto }) initiator: ChangeInitiatorDto;
  @ApiProperty() organization_id: string;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) before: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) after: Record<string, unknown> | null;
  /** This change's position: `after` = this cursor continues right after it. */
  @ApiProperty() cursor: string;
}

export class ChangesMetaDto {
  /** Pass as `after` on the next poll; never null (without changes it is where this answer ended). */
  @ApiProperty() nextCursor: string;
  /** More changes are already available: poll again at once. */
  @ApiProperty() hasMore: boolean;
}

export class ChangesPageDto {
  @ApiProperty({ type: [ChangeDto] }) data: ChangeDto[];
  @ApiProperty({ type: ChangesMetaDto }) meta: ChangesMetaDto;
}
