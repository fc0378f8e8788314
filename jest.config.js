// `npx jest <file>` as well as `npm test -- <file>`: the end-to-end tests need Node's VM modules (the embedded
// database loads its WebAssembly with import()). Run by Jest's command line without the flag, this starts Jest again
// under a Node that has it, with the same arguments, and ends with its exit code.
const vmModules = '--experimental-vm-modules';
const jestCli = /jest[\\/]bin[\\/]jest\.js$/.test(require.main?.filename ?? '');
if (jestCli && !process.execArgv.includes(vmModules) && !(process.env.NODE_OPTIONS ?? '').includes(vmModules)) {
  const { spawnSync } = require('node:child_process');
  const run = spawnSync(process.execPath, [vmModules, ...process.execArgv, require.main.filename, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testRegex: '.*\\.(e2e-)?spec\\.ts$',
  // `*.embedded.e2e-spec.ts` files test the embedded database itself (its demo, its files, its access): every app they
  // start is on it, whatever DATABASE_URL says (TestApp.start refuses another there), so a run on a configured database
  // leaves them to the embedded run instead of repeating them unchanged.
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.DATABASE_URL ? ['\\.embedded\\.e2e-spec\\.ts$'] : [])],
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // The @nestjs 12 packages are ESM-only: Jest's CommonJS runtime needs them transformed.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs)/)'],
  testTimeout: 60000,
  maxWorkers: 2,
  verbose: false,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Every answer the suite receives is checked against openapi.json (test/support/openapi-contract.ts).
  setupFilesAfterEnv: ['<rootDir>/test/support/openapi-contract.setup.ts'],
};
