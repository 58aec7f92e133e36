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
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{api,worker,migrations}/**/*.spec.ts', '<rootDir>/test/stripe-emulator/**/*.spec.ts', '<rootDir>/test/unit/**/*.test.ts'] },
    { ...base, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
    { ...base, displayName: 'faults', testMatch: ['<rootDir>/test/faults/**/*.test.ts'] },
  ],
  reporters: ['default', '<rootDir>/test/helpers/summary-reporter.cjs'],
  globalSetup: '<rootDir>/test/helpers/global-setup.mjs',
  maxWorkers: 2,
  testTimeout: 60000,
};
