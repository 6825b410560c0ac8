export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured logging; the engine scrubs secrets from every message and field before it gets here. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};

/** A logger that adds `fields` (e.g. the run id and step key) to every entry. */
export function withFields(logger: Logger, fields: Record<string, unknown>): Logger {
  const write =
    (level: LogLevel) =>
    (message: string, more?: Record<string, unknown>): void =>
      logger[level](message, { ...fields, ...more });
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
