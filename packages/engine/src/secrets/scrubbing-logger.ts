import type { Logger, LogLevel } from '@toolsteps/sdk';
import type { SecretScrubber } from '../ports/services.js';

/**
 * Wraps whatever logger a runtime binds so that no secret reaches it: steps and the HTTP layer log
 * through this, and a runtime's own logger need not know about credentials.
 */
export function scrubbingLogger(inner: Logger, scrubber: SecretScrubber): Logger {
  const write =
    (level: LogLevel) =>
    (message: string, fields?: Record<string, unknown>): void =>
      inner[level](scrubber.scrub(message), fields === undefined ? undefined : scrubber.scrubValue(fields));
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
