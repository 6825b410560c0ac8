import type { Logger, LogLevel } from '@toolsteps/sdk';
import type { SecretScrubber } from '../ports/services.js';
import { TOKENS } from '../ports/tokens.js';
import { type Dependencies, optional } from './service.js';

export interface ConsoleLoggerOptions {
  /** Where lines go; default `process.stderr`, so stdout stays free for results. */
  stream?: { write(line: string): unknown };
  /** Lines below this level are dropped; default `info`. */
  level?: LogLevel;
  /** `json`: one JSON object per line (for machines); `text`: `time LEVEL message key=value`. Default `json`. */
  format?: 'json' | 'text';
  /** Fields added to every line, e.g. the run id. */
  fields?: Record<string, unknown>;
  now?: () => number;
}

/** Binds the options of the container's ConsoleLogger; optional. */
export const CONSOLE_LOGGER_OPTIONS = Symbol.for('toolsteps.ConsoleLoggerOptions');

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const RESERVED = new Set(['time', 'level', 'msg']);

/** Writes log lines to a stream, scrubbing every known secret from the message and the fields first. */
export class ConsoleLogger implements Logger {
  static readonly dependencies: Dependencies = [TOKENS.SecretScrubber, optional(CONSOLE_LOGGER_OPTIONS)];

  private readonly options: Required<Omit<ConsoleLoggerOptions, 'fields'>> & {
    fields: Record<string, unknown>;
  };

  constructor(
    private readonly scrubber: SecretScrubber,
    options: ConsoleLoggerOptions = {},
  ) {
    this.options = {
      stream: options.stream ?? process.stderr,
      level: options.level ?? 'info',
      format: options.format ?? 'json',
      fields: options.fields ?? {},
      now: options.now ?? Date.now,
    };
    if (!(this.options.level in RANK)) {
      throw new RangeError(
        `Unknown log level "${this.options.level}"; use one of ${Object.keys(RANK).join(', ')}`,
      );
    }
  }

  /** A logger writing to the same place that adds `fields` to every line. */
  child(fields: Record<string, unknown>): ConsoleLogger {
    return new ConsoleLogger(this.scrubber, {
      ...this.options,
      fields: { ...this.options.fields, ...fields },
    });
  }

  debug(message: string, fields?: Record<string, unknown>): void {
    this.write('debug', message, fields);
  }

  info(message: string, fields?: Record<string, unknown>): void {
    this.write('info', message, fields);
  }

  warn(message: string, fields?: Record<string, unknown>): void {
    this.write('warn', message, fields);
  }

  error(message: string, fields?: Record<string, unknown>): void {
    this.write('error', message, fields);
  }

  private write(level: LogLevel, message: string, fields: Record<string, unknown> | undefined): void {
    if (RANK[level] < RANK[this.options.level]) return;
    const time = new Date(this.options.now()).toISOString();
    const msg = this.scrubber.scrub(String(message));
    const extra = this.scrubber.scrubValue({ ...this.options.fields, ...fields });
    this.options.stream.write(
      this.options.format === 'json' ? jsonLine(time, level, msg, extra) : textLine(time, level, msg, extra),
    );
  }
}

function jsonLine(time: string, level: LogLevel, msg: string, fields: Record<string, unknown>): string {
  const entry: Record<string, unknown> = { time, level, msg };
  // A field named like a core key is kept under another name rather than silently lost.
  for (const [key, value] of Object.entries(fields)) entry[RESERVED.has(key) ? `_${key}` : key] = value;
  return `${stringify(entry)}\n`;
}

function textLine(time: string, level: LogLevel, msg: string, fields: Record<string, unknown>): string {
  const pairs = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) =>
        `${key}=${typeof value === 'string' && /^[^\s"=]+$/.test(value) ? value : stringify(value)}`,
    );
  return `${[time, level.toUpperCase().padEnd(5), msg, ...pairs].join(' ')}\n`;
}

function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item)) ?? 'null';
}
