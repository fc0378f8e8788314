/**
 * A clock the test sets: `Date` (and so `Date.now()`, "today" and every expiry the application checks in
 * JavaScript) reads `at` until moved on with `clock.set(...)`, while timers, promises and performance.now()
 * stay real (the database, HTTP servers and waits work as usual). Times the database reads itself (SQL
 * `now()`) are not affected. Restore with `clock.restore()` (in a `finally` or `afterEach`).
 */
export interface TestClock {
  /** Moves the clock to `at` (it stays there). */
  set(at: string | number | Date): void;
  /** Moves the clock on by `ms`. */
  advance(ms: number): void;
  restore(): void;
}

const REAL = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

export function fixClock(at: string | number | Date): TestClock {
  jest.useFakeTimers({ doNotFake: [...REAL], now: new Date(at) });
  return {
    set: (to) => jest.setSystemTime(new Date(to)),
    advance: (ms) => jest.setSystemTime(Date.now() + ms),
    restore: () => jest.useRealTimers(),
  };
}
