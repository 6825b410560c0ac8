export * from './emulator.js';
export * from './openapi-routes.js';
export * from './webhook-sender.js';
