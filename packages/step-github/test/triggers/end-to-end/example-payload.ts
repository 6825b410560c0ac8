import { GITHUB_EXAMPLES, type Payload } from '../github-examples.js';

/** Where a payload happened: the emulator's emit control fills these in for the repository or org it names. */
const PLACE = ['repository', 'organization', 'installation', 'enterprise'];

/**
 * A real delivery GitHub sent for `event` (and `action`), from `@octokit/webhooks-examples`, without
 * where it happened, with `changes` laid over it: what a case emits for an event the emulator's
 * state cannot cause.
 */
export function examplePayload(event: string, action: string | undefined, changes: Payload): Payload {
  const found = GITHUB_EXAMPLES.find(
    (example) => example.event === event && (action === undefined || example.payload.action === action),
  );
  if (found === undefined) throw new Error(`@octokit/webhooks-examples has no ${event} ${action ?? ''}`);
  const payload = structuredClone(found.payload);
  for (const field of PLACE) delete payload[field];
  for (const [field, value] of Object.entries(changes))
    payload[field] = isObject(value) && isObject(payload[field]) ? { ...payload[field], ...value } : value;
  return payload;
}

function isObject(value: unknown): value is Payload {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
