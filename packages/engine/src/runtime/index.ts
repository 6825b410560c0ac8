export { cancellation } from './cancellation.js';
export { CONSOLE_LOGGER_OPTIONS, ConsoleLogger, type ConsoleLoggerOptions } from './console-logger.js';
export { type Dependencies, optional, type Service } from './service.js';
export { SystemClock } from './system-clock.js';
