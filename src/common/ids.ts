import { randomBytes, randomFillSync } from 'node:crypto';

/** CUID shape of document 01: 25 lowercase alphanumeric characters starting with a letter. */
export const CUID_PATTERN = /^[a-z][a-z0-9]{24}$/;

export function isCuid(value: unknown): value is string {
  return typeof value === 'string' && CUID_PATTERN.test(value);
}

let counter = randomBytes(2).readUInt16BE(0);

/**
 * A new id: `c`, 8 characters of millisecond time (so ids sort roughly by creation and index pages stay
 * warm), 4 of a per-process counter and 12 random ones; 25 characters of [a-z0-9] in all.
 */
export function newId(): string {
  counter = (counter + 1) % 1_679_616; // 36^4
  const time = Date.now().toString(36).padStart(8, '0').slice(-8);
  const count = counter.toString(36).padStart(4, '0');
  let random = '';
  for (const byte of randomPart()) random += (byte % 36).toString(36);
  return `c${time}${count}${random}`;
}

/** Random bytes are drawn 4 KiB at a time: one system call per 341 ids instead of one per id (bulk writes make thousands). */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomPart(): Buffer {
  if (poolOffset + 12 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += 12;
  return pool.subarray(poolOffset - 12, poolOffset);
}
