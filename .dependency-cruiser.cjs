/**
 * Layering rules (issue 15 item 5; docs/architecture.md, "Layers"), checked in CI by
 * `npm run check:layers`: this rule file for file-level rules, then scripts/check-layers.ts for cycles
 * between modules (a module is a first folder under src/).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No file imports itself through others.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'bottom-imports-no-feature',
      severity: 'error',
      comment: 'config/, common/ and database/ are the bottom layers: they import no feature module (nor the app root).',
      from: { path: '^src/(config|common|database)/' },
      to: { path: '^src/', pathNot: '^src/(config|common|database)/' },
    },
    {
      name: 'common-below-database',
      severity: 'error',
      comment: 'common/ is below database/: the unit of work uses the request context, never the other way.',
      from: { path: '^src/(config|common)/' },
      to: { path: '^src/database/' },
    },
    {
      name: 'config-at-the-bottom',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^src/', pathNot: '^src/config/' },
    },
    {
      name: 'modules-do-not-import-the-root',
      severity: 'error',
      comment: 'src/*.ts (app module, setup, main) compose the modules; no module imports them.',
      from: { path: '^src/[^/]+/' },
      to: { path: '^src/[^/]+\\.ts$' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
  },
};
