import type { Logger, LogLevel } from '@toolsteps/sdk';

/** Keeps every log line, so tests can check what was said (and that no secret was). */
export class RecordingLogger implements Logger {
  readonly lines: Array<{ level: LogLevel; message: string }> = [];
  debug(message: string) {
    this.lines.push({ level: 'debug', message });
  }
  info(message: string) {
    this.lines.push({ level: 'info', message });
  }
  warn(message: string) {
    this.lines.push({ level: 'warn', message });
  }
  error(message: string) {
    this.lines.push({ level: 'error', message });
  }
}
