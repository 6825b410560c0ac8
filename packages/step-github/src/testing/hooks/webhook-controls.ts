import type { Hono } from '@toolsteps/emulator';
import type { StateRef } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { GithubApiError } from '../shared/github-api-error.js';
import { repoKey } from '../shared/github-model.js';
import { type JsonObject, optional, readJson, requireString } from '../shared/github-request.js';
import type { WebhookDelivery } from './webhook-deliveries.js';
import { contextAt, emitPayload, type Payload } from './webhook-events.js';
import { webhookOrganizationJson, webhookRepositoryJson } from './webhook-json.js';

/** An event for the emit control: to a repository's hooks (and its organization's), or an organization's. */
export interface WebhookEmission {
  event: string;
  payload: Payload;
  /** `owner/name`: its `repository` (and `organization`) are added to a payload that has no `repository`. */
  repository?: string;
  /** An organization's login, for organization events. */
  org?: string;
}

/** Signs and sends any event to the hooks subscribed to it, like an event the API caused. */
export function emitWebhook(state: GithubState, emission: WebhookEmission): WebhookDelivery[] {
  const c = contextAt(state.webhooks.baseUrl);
  const payload: Payload = { ...emission.payload };
  if (emission.repository !== undefined) {
    const [owner = '', name = ''] = emission.repository.split('/');
    const repo = state.repository(owner, name);
    if (repo === undefined)
      throw new GithubApiError(404, `No repository ${emission.repository} in the emulator`);
    const org = state.account(repo.owner);
    // A payload that names its own repository (a captured delivery) is sent as it is.
    if (payload.repository === undefined) {
      payload.repository = webhookRepositoryJson(c, state, repo);
      if (org?.type === 'Organization') payload.organization ??= webhookOrganizationJson(c, org);
    }
    return emitPayload(state, emission.event, payload, {
      repoKey: repoKey(repo.owner, repo.name),
      org: org?.type === 'Organization' ? org.login : undefined,
    });
  }
  if (emission.org === undefined) {
    throw new GithubApiError(422, 'Name a repository or an org to send the event to');
  }
  const org = state.account(emission.org);
  if (org === undefined || org.type !== 'Organization') {
    throw new GithubApiError(404, `No organization ${emission.org} in the emulator`);
  }
  payload.organization ??= webhookOrganizationJson(c, org);
  return emitPayload(state, emission.event, payload, { org: org.login });
}

/** Sends a logged delivery again (same id, same body) to its hook, which must still exist. */
export function redeliverWebhook(state: GithubState, id: string): WebhookDelivery {
  const original = state.webhooks.log.find((delivery) => delivery.id === id);
  if (original === undefined) throw new GithubApiError(404, `No webhook delivery ${id} in the emulator`);
  const hook = state.hooks.byId(original.hookId);
  if (hook === undefined) throw new GithubApiError(404, `Hook ${original.hookId} no longer exists`);
  return state.webhooks.redeliver(original, hook);
}

/**
 * The same controls over HTTP, for tools that drive the emulator from outside (`toolsteps serve`
 * against `toolsteps emulate github`): emit, redeliver, and the delivery log. Like every route under
 * `/_emulator/`, they answer only requests with the emulator's control token (createEmulator checks it).
 */
export function registerWebhookControls(app: Hono, state: StateRef): void {
  app.onError((error, c) => {
    if (error instanceof GithubApiError) return c.json(error.body(), error.status as 400);
    return c.json({ message: `Emulator error: ${error.message}` }, 500);
  });
  app.post('/_emulator/webhooks/emit', async (c) => {
    const body = await readJson(c);
    const payload = optional<JsonObject>(body, 'payload', 'object', 'Emission') ?? {};
    const deliveries = emitWebhook(state(), {
      event: requireString(body, 'event', 'Emission'),
      payload,
      repository: optional<string>(body, 'repository', 'string', 'Emission'),
      org: optional<string>(body, 'org', 'string', 'Emission'),
    });
    return c.json({ deliveries: deliveries.map(summary) }, 202);
  });
  app.post('/_emulator/webhooks/deliveries/:id/redeliver', (c) =>
    c.json(summary(redeliverWebhook(state(), c.req.param('id'))), 202),
  );
  app.get('/_emulator/webhooks/deliveries', (c) => c.json(state().webhooks.log.map(summary)));
}

function summary(delivery: WebhookDelivery) {
  const { payload: _payload, body: _body, ...rest } = delivery;
  return rest;
}
