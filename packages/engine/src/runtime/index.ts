export { cancellation } from './cancellation.js';
export { CONSOLE_LOGGER_OPTIONS, ConsoleLogger, type ConsoleLoggerOptions } from './console-logger.js';
export { SystemClock } from './system-clock.js';
