import { PatchType } from '../../common/validation/patch-type';
import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { BulkItemResultDto } from '../../crud/bulk-upsert';
import { PULL_ENTITY_TYPES, type PullEntityType } from '../../common/entity-types';
import { IsNullable, IsOptional, IsText, NestedObject, Trim } from '../../common/validation/validators';
import { CreateWebhookEndpointDto, IsHttpUrl } from '../../webhooks/dto/webhook-endpoint.dto';
import { WEBHOOK_CHANGE_TYPES, WEBHOOK_ENTITY_TYPES } from '../../webhooks/webhook-event';
import type { IntegrationEntity, PullCounts, PullStatus, PushStatus } from '../entities/integration.entity';

/** The push hook: receives what a webhook endpoint with the same subscription receives, set as an endpoint's. */
export class PushConfigDto extends PickType(CreateWebhookEndpointDto, ['url', 'entityTypes', 'eventTypes', 'enabled'] as const) {}

/** The PULL hook: `GET url` every `intervalMinutes`, applied as the integration's user. */
export class PullConfigDto {
  /** Fetched with `Authorization: Bearer <secret>`; the webhook endpoint rules apply. */
  @ApiProperty({ maxLength: 2048, example: 'https://hr.example.com/export/employees' })
  @Trim()
  @IsString()
  @MaxLength(2048)
  @IsHttpUrl()
  url: string;

  /** The kind of record each run creates or updates. */
  @ApiProperty({ enum: PULL_ENTITY_TYPES, example: 'employee' })
  @IsIn(PULL_ENTITY_TYPES)
  entityType: PullEntityType;

  /** Minutes between runs, 5 to 1440. */
  @ApiProperty({ minimum: 5, maximum: 1440, example: 60 })
  @IsInt()
  @Min(5)
  @Max(1440)
  intervalMinutes: number;

  /** `false` stops the schedule and on-demand runs (the settings stay). Default true. */
  @ApiPropertyOptional({ example: true, default: true })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class CreateIntegrationDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'HR system' })
  @IsText(100)
  name: string;

  /** The user the integration acts as: an active user of the organization; pulls hold every API permission they hold. */
  @ApiProperty({ example: 'cdemouser0000000000000001' })
  @IsString()
  @IsNotEmpty()
  actAsUserId: string;

  /** Null or omitted: no push hook. On PATCH the object replaces the current one. */
  @ApiPropertyOptional({ type: PushConfigDto, nullable: true })
  @IsOptional()
  @IsNullable()
  @NestedObject(() => PushConfigDto)
  push?: PushConfigDto | null;

  /** Null or omitted: no PULL hook. On PATCH the object replaces the current one. */
  @ApiPropertyOptional({ type: PullConfigDto, nullable: true })
  @IsOptional()
  @IsNullable()
  @NestedObject(() => PullConfigDto)
  pull?: PullConfigDto | null;
}

/** Any create field; `push` and `pull` replace the current configuration (null removes it). */
export class UpdateIntegrationDto extends PatchType(CreateIntegrationDto) {}

export class PushView {
  /** Where events are POSTed. */
  url: string;
  /** Entity types whose events the push hook receives. */
  @ApiProperty({ type: [String], enum: WEBHOOK_ENTITY_TYPES }) entityTypes: string[];
  /** Change types the push hook receives. */
  @ApiProperty({ type: [String], enum: WEBHOOK_CHANGE_TYPES }) eventTypes: string[];
  /** false = switched off (the settings stay). */
  enabled: boolean;
}

export class PullView {
  /** The address fetched on each run. */
  url: string;
  /** The kind of record each run creates or updates. */
  @ApiProperty({ enum: PULL_ENTITY_TYPES }) entityType: string;
  /** Minutes between runs. */
  intervalMinutes: number;
  /** false = no scheduled or on-demand runs (the settings stay). */
  enabled: boolean;
}

export class PullCountsDto implements PullCounts {
  /** Records created by the run. */
  created: number;
  /** Records updated by the run. */
  updated: number;
  /** Records the run left unchanged. */
  unchanged: number;
  /** Records the run could not apply. */
  failed: number;
}

export class IntegrationDto {
  id: string;
  name: string;
  /** The user the integration acts as. */
  actAsUserId: string;
  /** The push hook; null when none. */
  @ApiProperty({ type: PushView, nullable: true }) push: PushView | null;
  /** The PULL hook; null when none. */
  @ApiProperty({ type: PullView, nullable: true }) pull: PullView | null;
  /** When the last push delivery finished. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastPushAt: string | null;
  /** Outcome of the last push delivery; NEVER before the first. */
  @ApiProperty({ enum: ['NEVER', 'OK', 'FAILED'] }) lastPushStatus: PushStatus;
  /** When the last pull run finished. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastPullAt: string | null;
  /** Outcome of the last pull run; NEVER before the first; PARTIAL when some items failed. */
  @ApiProperty({ enum: ['NEVER', 'OK', 'PARTIAL', 'FAILED'] }) lastPullStatus: PullStatus;
  /** Counts of the last pull run; null before the first. */
  @ApiProperty({ type: PullCountsDto, nullable: true }) lastPullResult: PullCounts | null;
  /** The last failure of either hook, prefixed `Push: ` or `Pull: `; a pull's names its first failed items. */
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: IntegrationEntity): IntegrationDto {
    return {
      id: e.id,
      name: e.name,
      actAsUserId: e.actAsUserId,
      push:
        e.pushUrl === null
          ? null
          : { url: e.pushUrl, entityTypes: e.pushEntityTypes, eventTypes: e.pushEventTypes, enabled: e.pushEnabled },
      pull:
        e.pullUrl === null
          ? null
          : { url: e.pullUrl, entityType: e.pullEntityType!, intervalMinutes: e.pullIntervalMinutes!, enabled: e.pullEnabled },
      lastPushAt: e.lastPushAt?.toISOString() ?? null,
      lastPushStatus: e.lastPushStatus,
      lastPullAt: e.lastPullAt?.toISOString() ?? null,
      lastPullStatus: e.lastPullStatus,
      lastPullResult: e.lastPullResult,
      lastError: e.lastError,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
    };
  }
}

export class CreatedIntegrationDto extends IntegrationDto {
  /** Signs push deliveries and is the pull's bearer token: 64 lower-case hex characters, shown only here and at rotation. */
  @ApiProperty({ pattern: '^[0-9a-f]{64}$' })
  secret: string;
}

/** A PATCH answer: `secret` only when the change of `push.url` or `pull.url` issued a new one. */
export class UpdatedIntegrationDto extends IntegrationDto {
  /** The new secret (64 lower-case hex characters), present only when this PATCH changed a URL: the old one is never sent to the new URL. */
  @ApiPropertyOptional({ pattern: '^[0-9a-f]{64}$' })
  secret?: string;
}

export class IntegrationSecretDto {
  /** The new secret (64 lower-case hex characters), shown only here; pushes and pulls use it from now on. */
  @ApiProperty({ pattern: '^[0-9a-f]{64}$' })
  secret: string;
}

/** The result of one pull run (`POST .../:id/pull`). */
export class PullRunDto extends PullCountsDto {
  /** OK, PARTIAL (some items failed) or FAILED. */
  @ApiProperty({ enum: ['OK', 'PARTIAL', 'FAILED'] }) status: Exclude<PullStatus, 'NEVER'>;
  /** Why the run failed, or which items failed; null when everything was applied. */
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  /** One entry per record fetched, as `POST /{resource}/bulk` answers; empty when the run failed. */
  @ApiProperty({ type: [BulkItemResultDto] }) results: BulkItemResultDto[];
}
