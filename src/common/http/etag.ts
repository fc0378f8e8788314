import { createHash } from 'node:crypto';

/**
 * Spec 04 §4.5: a weak ETag of a record's plain by-id read (what `GET /<records>/:id` without
 * `include` answers): equal reads, equal tags.
 */
export function weakETag(shown: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an `If-Match` / `If-None-Match` header names `tag`: `*`, or a comma list of tags compared
 * weakly (the `W/` prefix is ignored on both sides, RFC 9110 §8.8.3.2).
 */
export function etagMatches(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}
