export type { EmulatorAccounts } from './emulator-account.js';
export * from './fake-clock.js';
export * from './manual-clock.js';
export * from './most-within-any-interval.js';
export * from './test-probe.js';
export * from './test-step.js';
export * from './trigger-test-context.js';
