export * from './emulator.js';
export * from './fake-clock.js';
export * from './test-step.js';
