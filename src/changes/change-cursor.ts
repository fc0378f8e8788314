import { createHash } from 'node:crypto';
import { DomainError } from '../common/errors/domain-error';

/**
 * A cursor is the base64url text of a position in the organization's commit order (change_clocks)
 * followed by the organization's feed tag: `<seq>.<tag>`. The tag makes a cursor of another
 * organization (or a made-up one) recognisable; it is not a secret.
 */
export function encodeCursor(seq: string | number | bigint, organizationId: string): string {
  return Buffer.from(`${String(seq)}${cursorSuffix(organizationId)}`, 'utf8').toString('base64url');
}

/** What follows the position in the organization's cursors (PAGE_SQL appends it to each change's cursor). */
export function cursorSuffix(organizationId: string): string {
  return `.${createHash('sha256').update(`changes\u0000${organizationId}`).digest('base64url').slice(0, 6)}`;
}

/** The position of a cursor of this organization's feed; anything else (not one of ours, another organization's) is a 400 on `after`. */
export function decodeCursor(cursor: string, organizationId: string): string {
  const text = /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const seq = text.split('.')[0];
  if (!/^(0|[1-9]\d{0,17})$/.test(seq) || encodeCursor(seq, organizationId) !== cursor) {
    throw DomainError.validation(
      'after',
      "after must be a cursor from an earlier answer of this organization's GET /changes (nextCursor or a change cursor)",
    );
  }
  return seq;
}

/** 400 on `after`: a position beyond the organization's last change, which GET /changes never issued. */
export function beyondTheLastChange(): DomainError {
  return DomainError.validation('after', 'after is beyond the last change of the organization: it was not issued by GET /changes');
}
