import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, PUBLISHED_TOKENS } from '../../src/config/app-config';

const ROOT = join(__dirname, '..', '..');

/** The repository's text files (what `git` tracks), generated documents and the lock file aside. */
function shippedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !/(^|\/)(node_modules|dist)\/|package-lock\.json$|^openapi\.json$|^test\/generated\//.test(file))
    .filter((file) => /\.(ts|js|cjs|mjs|json|ya?ml|md|sh)$|(^|\/)(Dockerfile|run)$|\.env/.test(file));
}

/**
 * Every value the repository gives an admin or metrics token: an assignment to a name ending in ADMIN_TOKEN or
 * METRICS_TOKEN (`ADMIN_TOKEN: '...'`, `const BENCH_ADMIN_TOKEN = '...'`), a compose default (`${ADMIN_TOKEN:-...}`) and
 * a scrape configuration's `credentials:`.
 */
function tokensInRepository(): Map<string, string> {
  const patterns = [
    /(?:ADMIN|METRICS)_TOKEN['"]?\s*[:=]\s*['"`]([^'"`\s$]{8,})['"`]/g,
    /\$\{(?:ADMIN|METRICS)_TOKEN:-([^}]+)\}/g,
    /^\s*credentials:\s*['"]?([^'"\s#]+)/gm,
  ];
  const found = new Map<string, string>();
  for (const file of shippedFiles()) {
    let text: string;
    try {
      text = readFileSync(join(ROOT, file), 'utf8');
    } catch {
      continue; // listed but deleted in the work tree
    }
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.set(match[1], file);
  }
  return found;
}

const production = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/data', ...env });

describe('03/§1.19 secrets that ship are refused', () => {
  it('03/§1.19: under NODE_ENV=production every admin or metrics token the repository holds is refused (listed, or shorter than 32 characters)', () => {
    const tokens = tokensInRepository();
    // The scan sees the known ones: the benchmarks' and the tests' tokens at least.
    expect([...tokens.keys()]).toEqual(expect.arrayContaining(['bench-admin-token-0123456789abcdef', 'metrics-token-0123456789abcdef']));
    for (const [token, file] of tokens) {
      if (token.length >= 32) expect({ token, file, listed: PUBLISHED_TOKENS.includes(token) }).toEqual({ token, file, listed: true });
      expect(production({ ADMIN_TOKEN: token })).toThrow(ConfigError);
      expect(production({ METRICS_TOKEN: token })).toThrow(ConfigError);
    }
    for (const token of PUBLISHED_TOKENS) {
      expect(production({ ADMIN_TOKEN: token })).toThrow(/published in this repository|at least 32/);
      expect(production({ METRICS_TOKEN: token })).toThrow(/published in this repository|at least 32/);
    }
  });

  it('03/§1.19: production takes tokens of 32 characters or more of its own; elsewhere 16 are enough', () => {
    expect(production({ ADMIN_TOKEN: 'a'.repeat(31) })).toThrow(/ADMIN_TOKEN must be at least 32 characters in production/);
    expect(production({ METRICS_TOKEN: 'm'.repeat(31) })).toThrow(/METRICS_TOKEN must be at least 32 characters in production/);
    expect(production({ ADMIN_TOKEN: 'a'.repeat(32), METRICS_TOKEN: 'm'.repeat(40) })()).toMatchObject({
      adminToken: 'a'.repeat(32),
      metricsToken: 'm'.repeat(40),
    });
    expect(loadConfig({ NODE_ENV: 'development', ADMIN_TOKEN: 'a'.repeat(16) }).adminToken).toBe('a'.repeat(16));
    // Unset in production: the admin token is generated (and kept in the data directory), metrics are off.
    expect(production({})()).toMatchObject({ adminToken: null, metricsToken: null });
  });

  it('03/§1.19: docker-compose.yml has no default token: it requires ADMIN_TOKEN and METRICS_TOKEN', () => {
    const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
    expect(compose).toMatch(/ADMIN_TOKEN: \$\{ADMIN_TOKEN:\?[^}]+\}/);
    expect(compose).toMatch(/METRICS_TOKEN: \$\{METRICS_TOKEN:\?[^}]+\}/);
    expect(compose).not.toMatch(/_TOKEN:-/);
  });
});
