import type { Config } from 'jest';

const packages = ['engine', 'step-zendesk', 'step-github', 'step-enrichment', 'step-admin'];

// One Jest project per workspace package; every project runs ESM TypeScript from source.
const project = (name: string): Config => ({
  displayName: name,
  rootDir: `<rootDir>/packages/${name}`,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/../../tsconfig.json' }],
  },
});

const config: Config = {
  projects: packages.map(project),
  testTimeout: 30_000,
  // Never in band, even on 2 cores: ESM test files (vm modules) leave memory behind, so one process
  // running all of them ends near its heap limit, collecting garbage more than testing. Workers are
  // replaced once they hold more than this after a file.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1536MB',
};

export default config;
