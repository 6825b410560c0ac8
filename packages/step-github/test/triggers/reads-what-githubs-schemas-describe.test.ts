import { describe, expect, it } from '@jest/globals';
import type { ErrorObject } from 'ajv';
import github from '../../src/index.js';
import { GITHUB_EXAMPLES, githubSchemaOf } from './github-examples.js';

/** The events GitHub's triggers subscribe to, and the ping every new hook gets. */
const EVENTS = new Set([
  ...(github.triggers ?? []).flatMap((trigger) =>
    trigger.delivery === 'webhook' ? [...trigger.webhook.subscribes] : [],
  ),
  'ping',
]);
const examples = GITHUB_EXAMPLES.filter((one) => EVENTS.has(one.event));

describe("the examples the routing tests feed are GitHub's payloads, as GitHub's own schemas describe them", () => {
  it('covers every event the triggers subscribe to', () => {
    expect(new Set(examples.map((one) => one.event))).toEqual(EVENTS);
  });

  it('validates every example against @octokit/webhooks-schemas, but the first of each event, which predates fields the schemas now require', () => {
    const refused = examples.filter((one) => !githubSchemaOf(one.event)(one.payload));
    expect(refused.map((one) => one.name).sort()).toEqual(
      [...EVENTS]
        .filter((event) => event !== 'projects_v2_item')
        .map((event) => examples.find((one) => one.event === event && one.index === 0)!.name)
        .sort(),
    );
  });

  it('refuses those older examples only for fields GitHub added since, or nulls it sends anyway', () => {
    for (const { event, payload, name } of examples.filter((one) => one.index === 0)) {
      const validate = githubSchemaOf(event, payload.action);
      validate(payload);
      const unexplained = (validate.errors ?? []).filter((error) => !explained(error, payload));
      expect({ name, unexplained }).toEqual({ name, unexplained: [] });
    }
  });
});

/**
 * A field GitHub added since (required now), a null GitHub sends where the schema wants a value, or
 * what follows from those: the null branch of a nullable field not taken, and the oneOf around it.
 */
function explained(error: ErrorObject, payload: unknown): boolean {
  if (error.keyword === 'required' || error.keyword === 'oneOf' || error.keyword === 'anyOf') return true;
  if (error.keyword === 'type' && error.params.type === 'null') return true;
  return (
    (error.keyword === 'type' || error.keyword === 'enum') && valueAt(payload, error.instancePath) === null
  );
}

function valueAt(payload: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<any>((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], payload);
}
