import { DomainError } from '../common/errors/domain-error';

/** A cursor is the base64url text of a position in the organization's commit order (change_clocks). */
export function encodeCursor(seq: string | number | bigint): string {
  return Buffer.from(String(seq), 'utf8').toString('base64url');
}

/** The position of a cursor; anything that is not one of ours is a 400 on `after`. */
export function decodeCursor(cursor: string): string {
  const seq = /^[A-Za-z0-9_-]{1,40}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!/^(0|[1-9]\d{0,17})$/.test(seq) || encodeCursor(seq) !== cursor) {
    throw DomainError.validation('after', 'after must be a cursor from an earlier answer of GET /changes (nextCursor or a change cursor)');
  }
  return seq;
}
