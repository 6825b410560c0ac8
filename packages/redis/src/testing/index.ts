export * from './redis-server.js';
