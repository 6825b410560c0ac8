import { describe, expect, it } from '@jest/globals';
import {
  createRegistry,
  defineIntegration,
  defineStep,
  defineTrigger,
  type Integration,
  integrationOfTrigger,
  RegistryError,
  Type,
  triggerSchemaProblems,
} from '../../src/index.js';
import { boardWebhooks } from './fixtures/board/webhooks.js';

const Config = Type.Object({ repository: Type.String() });
const Event = Type.Object({ number: Type.Integer(), title: Type.String() });

const webhook = {
  id: 'code.new_issue',
  title: 'New Issue',
  description: 'Fires when an issue is opened.',
  delivery: 'webhook' as const,
  config: Config,
  event: Event,
  sample: { number: 1, title: 'Crash' },
  webhook: { subscribes: ['issues'], match: () => [] },
};

const poll = {
  id: 'code.new_gist',
  title: 'New Gist',
  description: 'Polls for new gists.',
  delivery: 'poll' as const,
  config: Type.Object({}),
  event: Event,
  sample: { number: 2, title: 'Notes' },
  poll: { intervalMs: 60_000, run: async () => ({ events: [], cursor: 'c' }) },
};

const integration = (changes: Partial<Integration>): Integration => ({
  id: 'code',
  title: 'Code',
  status: 'stable',
  connection: Type.Object({}),
  auth: { kind: 'token' },
  http: () => ({ baseUrl: 'http://127.0.0.1:9' }),
  steps: [],
  ...changes,
});

describe('defineTrigger', () => {
  it('accepts a webhook trigger and a poll trigger, available unless said otherwise', () => {
    expect(defineTrigger(webhook)).toMatchObject({ id: 'code.new_issue', available: true });
    expect(defineTrigger(poll)).toMatchObject({ delivery: 'poll', available: true });
  });

  it('finds a sample that does not match the event schema, saying where', () => {
    const trigger = defineTrigger({ ...webhook, sample: { number: 'one', title: 'Crash' } as never });
    expect(triggerSchemaProblems(trigger)).toEqual([
      'Trigger "code.new_issue" has a sample that does not match its event schema: sample/number must be integer',
    ]);
    expect(triggerSchemaProblems(defineTrigger(webhook))).toEqual([]);
  });

  it('compiles no schema where a trigger is written: one Ajv cannot compile is found when it is checked', () => {
    const broken = { type: 'object', properties: { number: { type: 'integer', minimum: 'one' } } };
    const trigger = defineTrigger({ ...webhook, event: broken as unknown as typeof Event });
    expect(triggerSchemaProblems(trigger)).toEqual([
      expect.stringMatching(
        /^Trigger "code\.new_issue" has an "event" schema that is not a valid JSON Schema: /,
      ),
    ]);
  });

  it('is checked by the registry the first time it is used, naming the package at fault', () => {
    const trigger = defineTrigger({ ...webhook, sample: { number: 'one', title: 'Crash' } as never });
    const registry = createRegistry([integration({ triggers: [trigger], webhooks: boardWebhooks })]);
    let refused: unknown;
    try {
      registry.trigger('code.new_issue');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RegistryError);
    expect(refused).toMatchObject({ code: 'trigger-invalid' });
    expect((refused as Error).message).toMatch(
      /^Trigger "code\.new_issue" has a sample that does not match its event schema: sample\/number must be integer \(in /,
    );
    expect(registry.trigger('code.new_gist')).toBeUndefined();
  });

  it('refuses ids that are not integration.snake_case', () => {
    expect(() => defineTrigger({ ...webhook, id: 'code.NewIssue' })).toThrow(
      'Trigger "code.NewIssue" must have an id like "integration.snake_case_name"',
    );
  });

  it('refuses a trigger with the wrong parts for its delivery', () => {
    expect(() => defineTrigger({ ...webhook, webhook: { subscribes: [], match: () => [] } })).toThrow(
      'needs "webhook.subscribes"',
    );
    expect(() => defineTrigger({ ...webhook, poll: poll.poll } as never)).toThrow(
      'is a webhook trigger and must not have "poll"',
    );
    expect(() => defineTrigger({ ...poll, poll: { ...poll.poll, intervalMs: 0 } })).toThrow(
      'needs "poll.intervalMs"',
    );
    expect(() => defineTrigger({ ...poll, poll: { ...poll.poll, minIntervalMs: 120_000 } })).toThrow(
      '"poll.minIntervalMs" that is not a whole number of milliseconds up to "poll.intervalMs"',
    );
    expect(() => defineTrigger({ ...poll, delivery: 'push' } as never)).toThrow(
      'has delivery "push"; expected "webhook" or "poll"',
    );
  });

  it('refuses a config schema that is not an object, and an unavailable trigger that does not say why', () => {
    expect(() => defineTrigger({ ...webhook, config: Type.String() as never })).toThrow(
      'must have a "config" schema of type "object"',
    );
    expect(() => defineTrigger({ ...poll, available: false })).toThrow('must say why (unavailableReason)');
  });
});

describe('defineIntegration with triggers', () => {
  it('knows which integration each trigger belongs to', () => {
    const trigger = defineTrigger(poll);
    const code = defineIntegration(integration({ triggers: [trigger] }));
    expect(integrationOfTrigger(trigger)).toBe(code);
  });

  it('refuses a trigger of another integration', () => {
    const trigger = defineTrigger({ ...poll, id: 'docs.new_gist' });
    expect(() => defineIntegration(integration({ triggers: [trigger] }))).toThrow(
      'Trigger "docs.new_gist" of integration "code" must have an id starting with "code."',
    );
  });

  it('refuses a webhook trigger when the integration cannot register or verify webhooks', () => {
    expect(() => defineIntegration(integration({ triggers: [defineTrigger(webhook)] }))).toThrow(
      'Trigger "code.new_issue" is a webhook trigger, so integration "code" needs "webhooks"',
    );
    expect(() =>
      defineIntegration(integration({ triggers: [defineTrigger(webhook)], webhooks: boardWebhooks })),
    ).not.toThrow();
  });

  it('refuses a trigger with the id of one of its steps: describe must name one thing', () => {
    const step = defineStep({
      id: 'code.new_gist',
      title: 'New Gist',
      description: 'Creates a gist.',
      effect: 'write',
      input: Type.Object({}),
      output: Type.Object({}),
      run: async () => ({}),
    });
    expect(() => defineIntegration(integration({ steps: [step], triggers: [defineTrigger(poll)] }))).toThrow(
      'Integration "code" defines "code.new_gist" twice (as a step or a trigger)',
    );
  });
});
