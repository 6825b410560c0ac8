export * from './tasks-emulator.js';
