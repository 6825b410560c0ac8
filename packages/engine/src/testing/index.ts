export * from './emulator.js';
export * from './test-step.js';
