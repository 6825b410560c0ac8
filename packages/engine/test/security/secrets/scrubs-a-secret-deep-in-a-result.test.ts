import { describe, expect, it } from '@jest/globals';
import {
  type ConnectedAccount,
  createEngine,
  defineIntegration,
  defineStep,
  MemoryJournal,
  ValueSecretScrubber as SecretScrubber,
  Type,
} from '../../../src/index.js';

const token = 'deep-secret-token-0123456789';

/** A careless API that puts the caller's token deep inside an answer, among data that holds none. */
const list = defineStep({
  id: 'deep.list',
  title: 'List',
  description: 'Lists pages of items.',
  effect: 'read',
  input: Type.Object({}),
  output: Type.Unknown(),
  run: async () => answer(),
});

interface Item {
  id: number;
  tags?: string[];
  debug?: { request: { headers: { authorization: string } } };
}

function answer(): { pages: Array<{ items: Item[] }>; meta: { count: number } } {
  return {
    pages: [
      { items: [{ id: 1, tags: ['a', 'b'] }] },
      { items: [{ id: 2, debug: { request: { headers: { authorization: `Bearer ${token}` } } } }] },
    ],
    meta: { count: 2 },
  };
}

const deep = defineIntegration({
  id: 'deep',
  title: 'Deep',
  status: 'beta',
  connection: Type.Object({}),
  auth: { kind: 'token' },
  http: () => ({ baseUrl: 'http://127.0.0.1:9' }),
  steps: [list],
});

const account: ConnectedAccount = {
  id: 'deep-main',
  integration: 'deep',
  name: 'Main',
  settings: {},
  credentials: { token },
};

describe('a secret deep in a step result', () => {
  it('is redacted in the trace, the variables, the output and the journal, each scrubbed once', async () => {
    const journal = new MemoryJournal();
    const engine = await createEngine({ integrations: [deep], accounts: [account], journal });
    const result = await engine.run({
      text: JSON.stringify({
        id: 'deep-result',
        steps: [{ id: 'list', step: 'deep.list', assign: { page: '{% $result.pages[1] %}' } }],
        output: '{% $steps.list.result %}',
      }),
    });

    expect(result.status).toBe('succeeded');
    const redacted = answer();
    redacted.pages[1].items[0].debug!.request.headers.authorization = 'Bearer [REDACTED]';
    expect(result.steps[0].result).toEqual(redacted);
    expect(result.output).toEqual(redacted);
    expect(result.vars).toEqual({ page: redacted.pages[1] });
    // The journal holds the very trace the result hands out: scrubbed when recorded, not again.
    expect(journal.steps(result.runId)[0]).toBe(result.steps[0]);
    expect(JSON.stringify([result, journal.steps(result.runId)])).not.toContain(token);
  });

  it('copies only the path to the secret and leaves the value it was given as it was', () => {
    const scrubber = new SecretScrubber();
    scrubber.add(token);
    const value = answer();

    const scrubbed = scrubber.scrubValue(value);

    expect(scrubbed.pages[1].items[0].debug?.request.headers.authorization).toBe('Bearer [REDACTED]');
    expect(value.pages[1].items[0].debug?.request.headers.authorization).toBe(`Bearer ${token}`);
    expect(scrubbed).not.toBe(value);
    expect(scrubbed.pages[1]).not.toBe(value.pages[1]);
    // What holds no secret is shared, not copied.
    expect(scrubbed.pages[0]).toBe(value.pages[0]);
    expect(scrubbed.meta).toBe(value.meta);
    const clean = { a: [{ b: 'nothing secret here at all' }] };
    expect(scrubber.scrubValue(clean)).toBe(clean);
  });

  it('still turns errors, dates and cycles into plain data', () => {
    const scrubber = new SecretScrubber();
    scrubber.add(token);
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const when = new Date(0);

    const scrubbed = scrubber.scrubValue({ error: new Error(`failed with ${token}`), when, cycle });

    expect(scrubbed.error).toEqual({ name: 'Error', message: 'failed with [REDACTED]' });
    expect(scrubbed.when).toEqual(when);
    expect(scrubbed.when).not.toBe(when);
    expect(scrubbed.cycle).toEqual({ name: 'loop', self: '[Circular]' });
  });
});
