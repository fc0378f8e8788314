/**
 * Errors after which a statement certainly did not take effect and may simply be run again:
 * deadlock and serialization failures, and the lost unnamed statement or portal that the embedded
 * database's shared session can cause when another connection opens a transaction mid-statement.
 */
const TRANSIENT_CODES = new Set(['40P01', '40001', '26000', '34000']);

function codeOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Runs a single statement (no explicit transaction), again up to `attempts` times on a transient error. */
export async function withRetry<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = codeOf(error);
      if (attempt >= attempts || !code || !TRANSIENT_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
    }
  }
}
