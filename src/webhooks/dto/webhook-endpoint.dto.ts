import { PatchType } from '../../common/validation/patch-type';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsString,
  MaxLength,
  registerDecorator,
  ValidationArguments,
} from 'class-validator';
import { IsOptional, IsText, Trim } from '../../common/validation/validators';
import type { DeliveryStatus, WebhookEndpointEntity } from '../entities/webhook-endpoint.entity';
import { WEBHOOK_CHANGE_TYPES, WEBHOOK_ENTITY_TYPES } from '../webhook-event';

/** An absolute http:// or https:// URL with a host (whether the host may be reached is checked by the service). */
export function IsHttpUrl(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isHttpUrl',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: (a: ValidationArguments) => `${a.property} must be an absolute http or https URL` },
      validator: {
        validate(value: unknown): boolean {
          if (typeof value !== 'string') return false;
          try {
            const url = new URL(value);
            return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
          } catch {
            return false;
          }
        },
      },
    });
}

export class CreateWebhookEndpointDto {
  /** Shown in the application; 1 to 100 characters. */
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'HR data lake' })
  @IsText(100)
  name: string;

  /**
   * Where events are POSTed: an absolute http or https URL (HTTPS recommended) reachable over the internet.
   * In production, hosts that resolve to loopback, private, link-local, CGNAT or metadata addresses are refused.
   */
  @ApiProperty({ maxLength: 2048, example: 'https://hooks.example.com/workforce' })
  @Trim()
  @IsString()
  @MaxLength(2048)
  @IsHttpUrl()
  url: string;

  /** Entity types to receive (at least one). */
  @ApiProperty({ type: [String], enum: WEBHOOK_ENTITY_TYPES, example: ['employee', 'team'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(WEBHOOK_ENTITY_TYPES, { each: true })
  entityTypes: string[];

  /** Change types to receive (at least one). */
  @ApiProperty({ type: [String], enum: WEBHOOK_CHANGE_TYPES, example: ['create', 'update', 'delete'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(WEBHOOK_CHANGE_TYPES, { each: true })
  eventTypes: string[];

  /** `false` switches it off: it keeps its settings and receives nothing. Default true. */
  @ApiPropertyOptional({ example: true, default: true })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** Any create field; `enabled: false` switches the endpoint off, `enabled: true` on again. */
export class UpdateWebhookEndpointDto extends PatchType(CreateWebhookEndpointDto) {}

export class WebhookEndpointDto {
  id: string;
  name: string;
  /** Where events are POSTed. */
  url: string;
  /** Entity types whose events the endpoint receives. */
  @ApiProperty({ type: [String], enum: WEBHOOK_ENTITY_TYPES })
  entityTypes: string[];
  /** Change types the endpoint receives (`create`, `update`, `delete`). */
  @ApiProperty({ type: [String], enum: WEBHOOK_CHANGE_TYPES })
  eventTypes: string[];
  /** Whether events are sent; false = switched off. */
  enabled: boolean;
  /** `NO_DELIVERIES` until the first delivery or test; then `HEALTHY` (last one got a 2xx) or `FAILING`. */
  @ApiProperty({ enum: ['NO_DELIVERIES', 'HEALTHY', 'FAILING'] })
  deliveryStatus: DeliveryStatus;
  /** When the last delivery or test finished. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastDeliveryAt: string | null;
  /** HTTP status of the last delivery or test; null when none came back (timeout, no connection) or none was made. */
  @ApiProperty({ type: Number, nullable: true, example: 200 })
  lastResponseStatus: number | null;
  /** Why the last delivery or test failed (`HTTP 500`, `Timed out after 5 s`, ...); null after a success. */
  @ApiProperty({ type: String, nullable: true })
  lastError: string | null;
  createdAt: string;
  updatedAt: string;

  static from(entity: WebhookEndpointEntity): WebhookEndpointDto {
    return {
      id: entity.id,
      name: entity.name,
      url: entity.url,
      entityTypes: entity.entityTypes,
      eventTypes: entity.eventTypes,
      enabled: entity.enabled,
      deliveryStatus: entity.deliveryStatus,
      lastDeliveryAt: entity.lastDeliveryAt?.toISOString() ?? null,
      lastResponseStatus: entity.lastResponseStatus,
      lastError: entity.lastError,
      createdAt: entity.createdAt.toISOString(),
      updatedAt: entity.updatedAt.toISOString(),
    };
  }
}

export class CreatedWebhookEndpointDto extends WebhookEndpointDto {
  /** The signing secret: 64 lower-case hex characters, used as text as the HMAC key. Shown only in this response. */
  @ApiProperty({ pattern: '^[0-9a-f]{64}$' })
  secret: string;
}

export class WebhookSecretDto {
  /** The new signing secret (64 lower-case hex characters), shown only here. Deliveries use it from now on. */
  @ApiProperty({ pattern: '^[0-9a-f]{64}$' })
  secret: string;
}

export class WebhookTestResultDto {
  /** Whether the receiver answered with a 2xx within 5 seconds. */
  passed: boolean;
  /** The HTTP status received; null when none came (timeout, connection error, refused target). */
  @ApiProperty({ type: Number, nullable: true, example: 401 })
  status: number | null;
  /** Why the test failed (`HTTP 401`, `Timed out after 5 s`, `Connection refused`, ...); null when it passed. */
  @ApiProperty({ type: String, nullable: true })
  error: string | null;
  /** Time from sending to the answer (or the failure), in milliseconds. */
  durationMs: number;
}
