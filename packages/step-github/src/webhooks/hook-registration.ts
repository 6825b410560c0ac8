import type {
  HttpClient,
  Registered,
  Registration,
  RegistrationRequest,
  Static,
  TriggerContext,
} from '@toolsteps/sdk';
import { linkHeaderLibrary } from '../link-header-library.js';
import { Hook, HookList } from './hook-answer.js';
import { hookRefusal } from './hook-refusal.js';
import {
  type HookTarget,
  hooksPath,
  registrationOf,
  targetOfConfig,
  targetOfRegistration,
} from './hook-target.js';
import { hookSettings, previousHookId, updateHook } from './hook-update.js';

// How GitHub's webhooks are registered, repaired and deleted (`githubWebhooks`), loaded with the first
// binding activated, not with the package.

type GithubHook = Static<typeof Hook>;

/** GitHub allows 20 hooks per event on a repository or organization: one page of 100 nearly always holds them all. */
const PER_PAGE = 100;
const MAX_PAGES = 10;

/** Creates the binding's hook, or repairs the one an earlier activation left, never a second one. */
export async function registerHook(request: RegistrationRequest, ctx: TriggerContext): Promise<Registered> {
  const target = targetOfConfig(request.config);
  // Edited by hand (another URL, fewer events, deactivated): repaired in place, keeping its id.
  const previous = previousHookId(request.previous, target);
  if (previous !== undefined && (await updateHook(ctx.http, target, previous, request)) === 'updated')
    return { registration: registrationOf(target, previous) };
  const existing = (await listHooks(ctx.http, target)).find((hook) => hook.config.url === request.url);
  if (existing !== undefined) {
    // Left by an earlier activation: brought back to what the binding asks, its secret renewed.
    if ((await updateHook(ctx.http, target, existing.id, request)) === 'missing')
      throw hookRefusal(target, 404, 'update its webhook');
    return { registration: registrationOf(target, existing.id) };
  }
  const { status, body } = await ctx.http.request<GithubHook>({
    method: 'POST',
    path: hooksPath(target),
    json: { name: 'web', ...hookSettings(request) },
    acceptStatus: [403, 404],
    expect: Hook,
  });
  if (status === 403 || status === 404) throw hookRefusal(target, status, 'create a webhook');
  return { registration: registrationOf(target, body.id) };
}

/** Deletes the binding's hook; one already gone is nothing left to do. */
export async function unregisterHook(registration: Registration, ctx: TriggerContext): Promise<void> {
  await ctx.http.request({
    method: 'DELETE',
    path: hooksPath(targetOfRegistration(registration), Number(registration.hookId)),
    retrySafe: true,
    // Already deleted (by hand, or an earlier deactivation that lost its answer): nothing left to do.
    acceptStatus: [404],
  });
}

/** Whether the binding's hook still stands as it was registered. */
export async function inspectHook(
  registration: Registration,
  request: RegistrationRequest,
  ctx: TriggerContext,
): Promise<'ok' | 'missing' | 'changed'> {
  const { status, body } = await ctx.http.request<GithubHook>({
    method: 'GET',
    path: hooksPath(targetOfRegistration(registration), Number(registration.hookId)),
    acceptStatus: [404],
    expect: Hook,
  });
  if (status === 404) return 'missing';
  return standsAsRequested(body, request) ? 'ok' : 'changed';
}

/**
 * The secret cannot be read back (GitHub masks it), so what can be compared is, its presence
 * included: a hook whose secret an edit removed sends unsigned deliveries, all refused.
 */
function standsAsRequested(hook: GithubHook, request: RegistrationRequest): boolean {
  const sameEvents =
    [...new Set(hook.events)].sort().join() === [...new Set(request.subscribes)].sort().join();
  const insecure = hook.config.insecure_ssl;
  return (
    hook.active &&
    sameEvents &&
    hook.config.url === request.url &&
    hook.config.content_type === 'json' &&
    (insecure === undefined || String(insecure) === '0') &&
    hook.config.secret !== undefined &&
    hook.config.secret !== ''
  );
}

/** Every hook on the target, following pages; a refusal says which right is missing. */
async function listHooks(http: HttpClient, target: HookTarget): Promise<GithubHook[]> {
  const hooks: GithubHook[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { status, body, headers } = await http.request<GithubHook[]>({
      method: 'GET',
      path: hooksPath(target),
      query: { per_page: PER_PAGE, page },
      acceptStatus: [403, 404],
      expect: HookList,
    });
    if (status === 403 || status === 404) throw hookRefusal(target, status, 'list its webhooks');
    hooks.push(...body);
    const more = headers.link !== undefined && linkHeaderLibrary().parse(headers.link).has('rel', 'next');
    if (!more || body.length === 0) break;
  }
  return hooks;
}
