import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { callerOf } from '../shared/github-caller.js';
import { type GithubAccount, type Repository, repoKey } from '../shared/github-model.js';
import type { HookRecord } from './hooks-store.js';
import type { HookTarget, WebhookDelivery } from './webhook-deliveries.js';
import { senderJson, webhookOrganizationJson, webhookRepositoryJson } from './webhook-json.js';

export type Payload = Record<string, unknown>;

/**
 * A context that only carries an address: the JSON shapes read nothing but the request URL, so
 * events that no request causes (a workflow run completing) are built against the emulator's root.
 */
export function contextAt(baseUrl: string): Context {
  return { req: { url: `${baseUrl}/` } } as unknown as Context;
}

/**
 * Sends a repository's event to its hooks and its organization's hooks: the payload's own fields,
 * then `repository`, `organization` (when an organization owns it) and `sender`, as GitHub orders
 * them. `fields` is a function so that no payload is built when no hook listens.
 */
export function emitRepositoryEvent(
  c: Context,
  state: GithubState,
  repo: Repository,
  event: string,
  fields: () => Payload,
  sender: GithubAccount = callerOf(c),
): WebhookDelivery[] {
  const owner = state.account(repo.owner);
  const org = owner?.type === 'Organization' ? owner : undefined;
  const hooks = state.hooks.subscribed(event, { repoKey: repoKey(repo.owner, repo.name), org: org?.login });
  if (hooks.length === 0) return [];
  const payload = {
    ...fields(),
    repository: webhookRepositoryJson(c, state, repo),
    ...(org === undefined ? {} : { organization: webhookOrganizationJson(c, org) }),
    sender: senderJson(c, sender),
  };
  return hooks.map((hook) => state.webhooks.send(hook, hookTarget(state, hook), event, payload));
}

/** Sends an organization's event (no repository) to the organization's hooks. */
export function emitOrganizationEvent(
  c: Context,
  state: GithubState,
  org: GithubAccount,
  event: string,
  fields: () => Payload,
  sender: GithubAccount = callerOf(c),
): WebhookDelivery[] {
  const hooks = state.hooks.subscribed(event, { org: org.login });
  if (hooks.length === 0) return [];
  const payload = {
    ...fields(),
    organization: webhookOrganizationJson(c, org),
    sender: senderJson(c, sender),
  };
  return hooks.map((hook) => state.webhooks.send(hook, hookTarget(state, hook), event, payload));
}

/** Sends a payload as given to the hooks subscribed to its event (the emulator's emit control). */
export function emitPayload(
  state: GithubState,
  event: string,
  payload: Payload,
  target: { repoKey?: string; org?: string },
): WebhookDelivery[] {
  return state.hooks
    .subscribed(event, target)
    .map((hook) => state.webhooks.send(hook, hookTarget(state, hook), event, payload));
}

/** `X-GitHub-Hook-Installation-Target-*`: the repository or organization the hook belongs to. */
export function hookTarget(state: GithubState, hook: HookRecord): HookTarget {
  if (hook.owner.type === 'Repository') {
    return { type: 'repository', id: state.repositories.get(hook.owner.repoKey)?.id ?? 0 };
  }
  return { type: 'organization', id: state.account(hook.owner.org)?.id ?? 0 };
}
