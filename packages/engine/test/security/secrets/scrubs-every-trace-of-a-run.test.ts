import { describe, expect, it } from '@jest/globals';
import {
  type ConnectedAccount,
  createEngine,
  defineIntegration,
  defineStep,
  MemoryJournal,
  type RunEvent,
  StepError,
  Type,
} from '../../../src/index.js';

const token = 'trace-secret-token-0123456789';

/** A careless API: it echoes what it is sent deep inside its answer, and in its errors. */
const report = defineStep({
  id: 'leaky.report',
  title: 'Report',
  description: 'Returns a report that quotes its text.',
  effect: 'read',
  input: Type.Object({ text: Type.String() }),
  output: Type.Unknown(),
  run: async ({ text }, ctx) => {
    ctx.meter.add('credits', 1);
    return { pages: [{ items: [{ id: 1 }, { id: 2, note: { quoted: `you sent ${text}` } }] }], count: 2 };
  },
});

const refuse = defineStep({
  id: 'leaky.refuse',
  title: 'Refuse',
  description: 'Fails, quoting its text.',
  effect: 'read',
  input: Type.Object({ text: Type.String() }),
  output: Type.Object({}),
  run: async ({ text }) => {
    throw new StepError({
      code: 'forbidden',
      message: `refused ${text}`,
      details: { request: { body: { text } } },
    });
  },
});

const leaky = defineIntegration({
  id: 'leaky',
  title: 'Leaky',
  status: 'beta',
  connection: Type.Object({}),
  auth: { kind: 'token' },
  http: () => ({ baseUrl: 'http://127.0.0.1:9' }),
  steps: [report, refuse],
});

const account: ConnectedAccount = {
  id: 'leaky-main',
  integration: 'leaky',
  name: 'Main',
  settings: {},
  credentials: { token },
};

describe('secrets in the traces of a run', () => {
  it('are redacted in every trace (loops, branches, caught failures, literal assigns) and the journal', async () => {
    const journal = new MemoryJournal();
    const engine = await createEngine({ integrations: [leaky], accounts: [account], journal });
    const events: RunEvent[] = [];

    const result = await engine.run(
      {
        text: JSON.stringify({
          id: 'leaky-run',
          steps: [
            { id: 'first', step: 'leaky.report', args: { text: 'hello' } },
            // A literal that happens to spell the secret is scrubbed by value like any other.
            { id: 'pasted', assign: { pasted: token } },
            {
              id: 'loop',
              forEach: {
                items: '{% $input.texts %}',
                as: 'text',
                steps: [{ id: 'deep', step: 'leaky.report', args: { text: '{% $text %}' } }],
              },
            },
            {
              id: 'branches',
              parallel: [
                [{ id: 'inBranch', step: 'leaky.report', args: { text: '{% $input.texts[1] %}' } }],
                [
                  {
                    id: 'refused',
                    step: 'leaky.refuse',
                    args: { text: '{% $input.texts[0] %}' },
                    catch: [{ on: '*', then: 'continue', assign: { failure: '{% $error.message %}' } }],
                  },
                ],
              ],
            },
            // Scrubbing a trace copies: what later expressions read is the step's own result.
            {
              id: 'check',
              assign: {
                untouched:
                  '{% $steps.loop.result[0].pages[0].items[1].note.quoted = "you sent " & $input.texts[0] %}',
              },
            },
          ],
          output: '{% $steps.loop.result %}',
        }),
      },
      { texts: [token, token.toUpperCase()] },
      { onEvent: (event) => events.push(event) },
    );

    expect(result.status).toBe('succeeded');
    const trace = (stepKey: string) => result.steps.find((step) => step.stepKey === stepKey);
    const redactedReport = {
      pages: [{ items: [{ id: 1 }, { id: 2, note: { quoted: 'you sent [REDACTED]' } }] }],
      count: 2,
    };
    expect(trace('loop[0].deep')).toMatchObject({
      args: { text: '[REDACTED]' },
      result: redactedReport,
      meter: { credits: 1 },
    });
    expect(trace('loop[1].deep')?.result).toEqual(redactedReport);
    expect(trace('loop')?.result).toEqual([redactedReport, redactedReport]);
    expect(trace('branches[0].inBranch')?.result).toEqual(redactedReport);
    expect(trace('branches[1].refused')).toMatchObject({
      status: 'caught',
      args: { text: '[REDACTED]' },
      error: { message: 'refused [REDACTED]', details: { request: { body: { text: '[REDACTED]' } } } },
    });
    expect(result.output).toEqual([redactedReport, redactedReport]);
    expect(result.vars).toEqual({ pasted: '[REDACTED]', failure: 'refused [REDACTED]', untouched: true });
    // The journal keeps the very traces the result hands out.
    const journaled = journal.steps(result.runId);
    expect(journaled).toHaveLength(result.steps.length);
    for (const step of result.steps) expect(journaled).toContain(step);
    for (const reported of [result, journaled, events]) {
      expect(JSON.stringify(reported).toLowerCase()).not.toContain(token.toLowerCase());
    }
  });
});
