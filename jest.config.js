// Jest runs in ES-module mode (Nest 12 is ES-module only): node --experimental-vm-modules, ts-jest with useESM.
// tsconfig's isolatedModules makes ts-jest transpile only (fast); `npm run typecheck` does the type checking.
const base = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }] },
  testEnvironment: 'node',
  rootDir: '.',
};

export default {
  projects: [
    // The web app's pure logic (web/src/**/*.spec.ts: totals, labels, form rules) runs here too, transpiled like the rest.
    {
      ...base,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/{core,api,worker,migrations,dev}/**/*.spec.ts',
        '<rootDir>/web/src/**/*.spec.ts',
        '<rootDir>/test/unit/**/*.test.ts',
      ],
    },
    { ...base, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
    { ...base, displayName: 'faults', testMatch: ['<rootDir>/test/faults/**/*.test.ts'] },
    // The dev tooling's own tests (emulator, stand-in Stripe.js, demo history loaders and generator, mailbox).
    { ...base, displayName: 'dev', testMatch: ['<rootDir>/test/dev/**/*.test.ts'] },
  ],
  reporters: ['default', '<rootDir>/test/helpers/summary-reporter.cjs'],
  globalSetup: '<rootDir>/test/helpers/global-setup.mjs',
  maxWorkers: 2,
  // ES-module test files leave their module graphs in the worker's heap (vm modules are not collected), so a worker
  // that ran many files grew past 1 GB and one was killed for memory (1,134 tests in 166 files). A worker whose
  // heap is over this after a file is replaced by a fresh one before the next.
  workerIdleMemoryLimit: '1200MB',
  testTimeout: 60000,
};
