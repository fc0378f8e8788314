import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('OpenAPI document: shared answers (docs/decisions.md)', () => {
  it('decisions/OpenAPI document: an error answer that many operations give alike is declared once under components.responses and referred to', () => {
    const raw = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
      components: { responses?: Record<string, unknown> };
    };
    const written = new Map<string, number>();
    const referred = new Set<string>();
    for (const item of Object.values(raw.paths)) {
      for (const op of Object.values(item)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (response.$ref) referred.add(response.$ref.replace('#/components/responses/', ''));
          else if (!status.startsWith('2'))
            written.set(`${status} ${JSON.stringify(response)}`, (written.get(`${status} ${JSON.stringify(response)}`) ?? 0) + 1);
        }
      }
    }
    const shared = Object.keys(raw.components.responses ?? {});
    expect(shared.length).toBeGreaterThan(5);
    expect(shared.filter((name) => !referred.has(name))).toEqual([]);
    // 401, 413, 415, 429 and 500 stand in nearly every operation: written out once each.
    expect(Math.max(...written.values())).toBeLessThan(8);
    expect(shared).toEqual(
      expect.arrayContaining(['Status401Unauthorized', 'Status413PayloadTooLarge', 'Status429TooManyRequests', 'Status500InternalError']),
    );
  });
});
