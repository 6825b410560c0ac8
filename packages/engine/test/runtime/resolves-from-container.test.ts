import { describe, expect, it } from '@jest/globals';
import type { Logger } from '@toolsteps/sdk';
import { Container } from 'inversify';
import { bindService } from '../../src/container/bind-service.js';
import { MEMORY_JOURNAL_OPTIONS, MemoryJournal } from '../../src/journal/index.js';
import type { Clock } from '../../src/ports/clock.js';
import type { SecretScrubber as Scrubber } from '../../src/ports/services.js';
import { TOKENS } from '../../src/ports/tokens.js';
import { CONSOLE_LOGGER_OPTIONS, ConsoleLogger, SystemClock } from '../../src/runtime/index.js';
import { REDACTED, SecretScrubber } from '../../src/secrets/index.js';

describe('runtime services in an inversify container of your own', () => {
  it('resolves the scrubber, logger, clock and journal, sharing one scrubber', async () => {
    const container = new Container();
    const lines: string[] = [];
    bindService(container, TOKENS.SecretScrubber, SecretScrubber).inSingletonScope();
    bindService(container, TOKENS.Logger, ConsoleLogger).inSingletonScope();
    container
      .bind(CONSOLE_LOGGER_OPTIONS)
      .toConstantValue({ stream: { write: (line: string) => lines.push(line) } });
    bindService(container, TOKENS.Clock, SystemClock).inSingletonScope();
    bindService(container, TOKENS.Journal, MemoryJournal).inSingletonScope();

    container.get<Scrubber>(TOKENS.SecretScrubber).add('container-secret');
    container.get<Logger>(TOKENS.Logger).info('saw container-secret');
    expect(JSON.parse(lines[0]).msg).toBe(`saw ${REDACTED}`);
    expect(typeof container.get<Clock>(TOKENS.Clock).now()).toBe('number');
    expect(container.get(TOKENS.Journal)).toBeInstanceOf(MemoryJournal);
  });

  it('passes bound options to the journal, and its defaults when none are bound', async () => {
    const container = new Container();
    container.bind(MEMORY_JOURNAL_OPTIONS).toConstantValue({ maxRuns: 1 });
    bindService(container, TOKENS.Journal, MemoryJournal);
    const journal = container.get<MemoryJournal>(TOKENS.Journal);
    for (const runId of ['a', 'b']) {
      await journal.recordRun({
        runId,
        workflowId: 'w',
        status: 'succeeded',
        vars: {},
        steps: [],
        startedAt: 0,
        durationMs: 0,
      });
    }
    expect(journal.runIds()).toEqual(['b']);

    const bare = new Container();
    bindService(bare, TOKENS.SecretScrubber, SecretScrubber);
    bindService(bare, TOKENS.Logger, ConsoleLogger);
    expect(bare.get(TOKENS.Logger)).toBeInstanceOf(ConsoleLogger);
  });
});
