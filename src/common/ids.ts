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
  if (fixed) return fixed.queue.shift() ?? `${fixed.prefix}${(++fixed.counter).toString(36).padStart(25 - fixed.prefix.length, '0')}`;
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

/** While set, newId() hands out these ids in turn, then `prefix` + a counter: the demo's records get the same ids on every machine. */
let fixed: { queue: string[]; prefix: string; counter: number } | null = null;

/**
 * Runs `fn` with fixed ids: `next(...ids)` queues the ids the next records take (a record's id is drawn
 * before the ids of the rows it carries); ids drawn with the queue empty are `prefix` and a counter.
 * Only for the demo seed, which runs before the server takes requests and writes one record at a time.
 */
export async function withFixedIds<T>(prefix: string, fn: (next: (...ids: string[]) => void) => Promise<T>): Promise<T> {
  if (!/^[a-z][a-z0-9]{4,12}$/.test(prefix))
    throw new Error('fixed id prefix must be 5 to 13 characters of [a-z0-9] starting with a letter');
  fixed = { queue: [], prefix, counter: 0 };
  const state = fixed;
  try {
    return await fn((...ids) => state.queue.push(...ids));
  } finally {
    fixed = null;
  }
}
