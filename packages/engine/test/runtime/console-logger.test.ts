import { describe, expect, it } from '@jest/globals';
import { StepError } from '@toolsteps/sdk';
import { ConsoleLogger, type ConsoleLoggerOptions } from '../../src/runtime/index.js';
import { REDACTED, SecretScrubber } from '../../src/secrets/index.js';

const SECRET = 'zd-access-token-123';
const NOW = Date.UTC(2025, 0, 2, 3, 4, 5, 6);

function logger(options: ConsoleLoggerOptions = {}): { log: ConsoleLogger; lines: string[] } {
  const scrubber = new SecretScrubber();
  scrubber.addCredentials({ accessToken: SECRET });
  const lines: string[] = [];
  const log = new ConsoleLogger(scrubber, {
    stream: { write: (line) => lines.push(line) },
    now: () => NOW,
    ...options,
  });
  return { log, lines };
}

describe('ConsoleLogger', () => {
  it('writes one JSON object per line, secrets scrubbed from message and fields', () => {
    const { log, lines } = logger();
    log.info(`refreshed ${SECRET}`, { token: SECRET, nested: { list: [`Bearer ${SECRET}`] }, count: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0].endsWith('\n')).toBe(true);
    expect(JSON.parse(lines[0])).toEqual({
      time: '2025-01-02T03:04:05.006Z',
      level: 'info',
      msg: `refreshed ${REDACTED}`,
      token: REDACTED,
      nested: { list: [`Bearer ${REDACTED}`] },
      count: 2,
    });
    expect(lines[0]).not.toContain(SECRET);
  });

  it('logs errors as their scrubbed JSON', () => {
    const { log, lines } = logger();
    const error = new StepError({ code: 'unauthorized', message: `401 for ${SECRET}`, status: 401 });
    log.error('request failed', { error, cause: new Error(`socket ${SECRET}`) });
    expect(JSON.parse(lines[0])).toMatchObject({
      error: { code: 'unauthorized', message: `401 for ${REDACTED}`, status: 401 },
      cause: { name: 'Error', message: `socket ${REDACTED}` },
    });
  });

  it('drops lines below its level; info by default', () => {
    const quiet = logger();
    quiet.log.debug('hidden');
    quiet.log.warn('shown');
    expect(quiet.lines.map((line) => JSON.parse(line).level)).toEqual(['warn']);
    const loud = logger({ level: 'debug' });
    loud.log.debug('shown');
    expect(loud.lines).toHaveLength(1);
    const strict = logger({ level: 'error' });
    strict.log.warn('hidden');
    expect(strict.lines).toHaveLength(0);
  });

  it('writes plain lines in text format', () => {
    const { log, lines } = logger({ format: 'text' });
    log.warn(`retrying with ${SECRET}`, {
      attempt: 2,
      step: 'ticket',
      reason: 'rate limited',
      token: SECRET,
    });
    expect(lines).toEqual([
      `2025-01-02T03:04:05.006Z WARN  retrying with ${REDACTED} attempt=2 step=ticket reason="rate limited" token=${REDACTED}\n`,
    ]);
  });

  it('adds the fields of a child logger to every line without losing core keys', () => {
    const { log, lines } = logger();
    log.child({ runId: 'run-1' }).info('started', { level: 'shadowed', msg: 'shadowed too' });
    expect(JSON.parse(lines[0])).toEqual({
      time: '2025-01-02T03:04:05.006Z',
      level: 'info',
      msg: 'started',
      runId: 'run-1',
      _level: 'shadowed',
      _msg: 'shadowed too',
    });
  });

  it('writes bigints and cyclic fields instead of throwing', () => {
    const { log, lines } = logger();
    const cyclic: Record<string, unknown> = { id: 1n };
    cyclic.self = cyclic;
    log.info('odd values', { cyclic });
    expect(JSON.parse(lines[0]).cyclic).toEqual({ id: '1', self: '[Circular]' });
  });

  it('refuses an unknown level', () => {
    expect(() => logger({ level: 'verbose' as never })).toThrow(
      'Unknown log level "verbose"; use one of debug, info, warn, error',
    );
  });
});
