import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AnyTrigger, WebhookDelivery } from '@toolsteps/engine';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under NodeNext its callable export is the module itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const require = createRequire(import.meta.url);
const readJson = (name: string) => JSON.parse(readFileSync(require.resolve(name), 'utf8'));

export type Payload = Record<string, any>;

/** One real delivery from `@octokit/webhooks-examples`: its event name, its place in the list, its payload. */
export interface GithubExample {
  event: string;
  index: number;
  payload: Payload;
  /** e.g. `issues #16 (opened)`. */
  name: string;
}

/** Every example GitHub's community collected for api.github.com, grouped by event. */
export const GITHUB_EXAMPLES: GithubExample[] = (
  readJson('@octokit/webhooks-examples') as Array<{ name: string; examples: Payload[] }>
).flatMap(({ name, examples }) =>
  examples.map((payload, index) => ({
    event: name,
    index,
    payload,
    name: `${name} #${index}${payload.action === undefined ? '' : ` (${payload.action})`}`,
  })),
);

let deliveries = 0;

/** A delivery as GitHub sends it: the event in `X-GitHub-Event`, a fresh `X-GitHub-Delivery`, the body's bytes. */
export function deliveryOf(event: string, payload: unknown): WebhookDelivery {
  const text = JSON.stringify(payload);
  deliveries += 1;
  return {
    headers: {
      'x-github-event': event,
      'x-github-delivery': `72d3162e-cc78-11e3-81ab-4c9367dc${String(deliveries).padStart(4, '0')}`,
      'content-type': 'application/json',
    },
    body: JSON.parse(text),
    rawBody: new TextEncoder().encode(text),
  };
}

/** The config a binding watching where the payload happened would have, in the shape the trigger takes. */
export function configWatching(trigger: AnyTrigger, payload: Payload, scope: 'repository' | 'organization') {
  const properties = trigger.config.properties as Record<string, unknown>;
  const org = payload.organization?.login ?? payload.repository?.owner?.login ?? 'Codertocat';
  // full_name is what matching reads: a few examples disagree with themselves on repository.owner.
  const [owner, repo] = String(payload.repository?.full_name).split('/');
  const where =
    scope === 'organization' || !('owner' in properties) || payload.repository === undefined
      ? { org }
      : { owner, repo };
  return 'login' in properties ? { ...where, login: 'Codertocat' } : where;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const webhookSchemas = readJson('@octokit/webhooks-schemas');
ajv.addSchema(webhookSchemas, 'github-webhooks');

/** GitHub's own JSON Schema of an event's payloads (`@octokit/webhooks-schemas`), or of one action's. */
export function githubSchemaOf(event: string, action?: string): ValidateFunction {
  const candidates = [action === undefined ? '' : `${event}$${action}`, `${event}_event`, `${event}$event`];
  const name = candidates.find((candidate) => webhookSchemas.definitions[candidate] !== undefined);
  const validate = ajv.getSchema(`github-webhooks#/definitions/${name}`);
  if (validate === undefined) throw new Error(`@octokit/webhooks-schemas has no schema for ${event}`);
  return validate;
}

const compiled = new WeakMap<object, ValidateFunction>();

/** A trigger's event schema, compiled once. */
export function eventSchemaOf(trigger: AnyTrigger): ValidateFunction {
  let validate = compiled.get(trigger.event);
  if (validate === undefined) {
    validate = ajv.compile(trigger.event);
    compiled.set(trigger.event, validate);
  }
  return validate;
}
