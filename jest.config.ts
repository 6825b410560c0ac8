import type { Config } from 'jest';

// One project for every package's tests (a new package's included by the glob): each source file is
// transformed once for all of them, not once per package.
const config: Config = {
  roots: ['<rootDir>/packages'],
  testMatch: ['<rootDir>/packages/*/test/**/*.test.ts'],
  testEnvironment: 'node',
  // Packages of the workspace load from their TypeScript source, not from a dist/ that may lag behind:
  // each exports it under `@toolsteps/source` (a plain `source` condition would also pick up other
  // packages' TypeScript, e.g. eventsource-parser's).
  testEnvironmentOptions: { customExportConditions: ['@toolsteps/source', 'node', 'node-addons'] },
  // ESM TypeScript from source; imports spell `.js`, the files on disk are `.ts`. Tests write `.mts`
  // integrations too, which the CLI run in process imports through this transform.
  extensionsToTreatAsEsm: ['.ts', '.mts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.m?ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json' }],
  },
  testTimeout: 30_000,
  // Never in band, even on 2 cores: ESM test files (vm modules) leave memory behind, so one process
  // running all of them ends near its heap limit, collecting garbage more than testing. Workers are
  // replaced once they hold more than this after a file.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1536MB',
};

export default config;
