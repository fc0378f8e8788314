/**
 * The parameters of one SQL statement, numbered as they are bound: `params.add(value)` returns its
 * placeholder (`$n`). Fixed leading parameters (`new SqlParams(planId, day)`) keep `$1`, `$2`, ...
 * Repositories build optional conditions with it instead of numbering placeholders by hand.
 */
export class SqlParams {
  readonly values: unknown[];

  constructor(...leading: unknown[]) {
    this.values = [...leading];
  }

  /** Binds `value` and returns its placeholder. */
  add(value: unknown): string {
    return `$${this.values.push(value)}`;
  }
}
