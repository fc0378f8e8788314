import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text, unbiased (bytes >= 248 are redrawn). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares two secrets in constant time (through their hashes, so lengths do not leak either). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** API keys: `wfp_` and 43 base62 characters; the first 12 characters are the visible prefix. */
export const API_KEY_PATTERN = /^wfp_[0-9A-Za-z]{40,}$/;
export const API_KEY_PREFIX_LENGTH = 12;

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `wfp_${randomBase62(43)}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX_LENGTH), hash: sha256Hex(key) };
}
