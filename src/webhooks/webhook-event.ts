import { createHmac, randomBytes } from 'node:crypto';
import { ENTITY_TYPES } from '../common/entity-types';
import type { ActorType, ChangeType } from '../database/entities/record-change.entity';

/** Every entity type of document 02 (with the changelog's additions); any may be subscribed to (spec 03 §3). */
export const WEBHOOK_ENTITY_TYPES = ENTITY_TYPES;

export const WEBHOOK_CHANGE_TYPES = ['create', 'update', 'delete'] as const satisfies readonly ChangeType[];

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const EVENT_ID_HEADER = 'X-Service-Event-Id';

export interface Initiator {
  type: ActorType;
  id: string;
  email?: string;
}

/** The event object of document 02 with spec 03 §1.1's names, in that order. */
export interface WebhookEvent {
  id: string;
  timestamp: string;
  entity_type: string;
  entity_id: string;
  change_type: ChangeType;
  initiator: Initiator;
  organization_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** `initiator.email` is present only for people acting in the application (`user`), otherwise omitted. */
export function initiatorOf(type: ActorType, id: string, email: string | null | undefined): Initiator {
  return type === 'user' && email ? { type, id, email } : { type, id };
}

/** The exact bytes sent: the signature is computed over this buffer and nothing else. */
export function eventBody(event: WebhookEvent): Buffer {
  return Buffer.from(JSON.stringify(event), 'utf8');
}

/** `sha256=` + lower-case hex HMAC-SHA256 of the raw body, keyed by the 64-hex secret used as text. */
export function signature(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;
}

export function deliveryHeaders(eventId: string, secret: string, body: Buffer): Record<string, string> {
  return { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature(secret, body), [EVENT_ID_HEADER]: eventId };
}

/** A signing secret: 64 lower-case hexadecimal characters. */
export function newSigningSecret(): string {
  return randomBytes(32).toString('hex');
}
