/**
 * Rate-limit counters live in fixed one-minute windows: a counting test starts well inside one, at least
 * `needMs` before its end (waiting for the next window when closer), so that its requests all count in one.
 */
export async function awayFromWindowEdge(needMs = 5_000): Promise<void> {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 60_000 - needMs) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 50));
}
