import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import type { Logger } from '@toolsteps/sdk';
import { Container } from 'inversify';
import { MEMORY_JOURNAL_OPTIONS, MemoryJournal } from '../../src/journal/index.js';
import type { Clock } from '../../src/ports/clock.js';
import type { SecretScrubber as Scrubber } from '../../src/ports/services.js';
import { TOKENS } from '../../src/ports/tokens.js';
import { CONSOLE_LOGGER_OPTIONS, ConsoleLogger, SystemClock } from '../../src/runtime/index.js';
import { REDACTED, SecretScrubber } from '../../src/secrets/index.js';

describe('runtime services in an inversify container', () => {
  it('resolves the scrubber, logger, clock and journal, sharing one scrubber', async () => {
    const container = new Container();
    const lines: string[] = [];
    container.bind(TOKENS.SecretScrubber).to(SecretScrubber).inSingletonScope();
    container.bind(TOKENS.Logger).to(ConsoleLogger).inSingletonScope();
    container
      .bind(CONSOLE_LOGGER_OPTIONS)
      .toConstantValue({ stream: { write: (line: string) => lines.push(line) } });
    container.bind(TOKENS.Clock).to(SystemClock).inSingletonScope();
    container.bind(TOKENS.Journal).to(MemoryJournal).inSingletonScope();

    container.get<Scrubber>(TOKENS.SecretScrubber).add('container-secret');
    container.get<Logger>(TOKENS.Logger).info('saw container-secret');
    expect(JSON.parse(lines[0]).msg).toBe(`saw ${REDACTED}`);
    expect(typeof container.get<Clock>(TOKENS.Clock).now()).toBe('number');
    expect(container.get(TOKENS.Journal)).toBeInstanceOf(MemoryJournal);
  });

  it('passes bound options to the journal', async () => {
    const container = new Container();
    container.bind(MEMORY_JOURNAL_OPTIONS).toConstantValue({ maxRuns: 1 });
    container.bind(TOKENS.Journal).to(MemoryJournal);
    const journal = container.get<MemoryJournal>(TOKENS.Journal);
    await journal.recordRun({
      runId: 'a',
      workflowId: 'w',
      status: 'succeeded',
      vars: {},
      steps: [],
      startedAt: 0,
      durationMs: 0,
    });
    await journal.recordRun({
      runId: 'b',
      workflowId: 'w',
      status: 'succeeded',
      vars: {},
      steps: [],
      startedAt: 0,
      durationMs: 0,
    });
    expect(journal.runIds()).toEqual(['b']);
  });
});
