import type { HttpClient, IntegrationWebhooks, RegistrationRequest, Static } from '@toolsteps/sdk';
import LinkHeader from 'http-link-header';
import { githubSignatureOf, hasGithubSignature, verifyGithubSignature } from './delivery-signature.js';
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
import { watchedBy } from './watched-by.js';

type GithubHook = Static<typeof Hook>;

/** GitHub allows 20 hooks per event on a repository or organization: one page of 100 nearly always holds them all. */
const PER_PAGE = 100;
const MAX_PAGES = 10;

/**
 * GitHub's webhooks: one hook per binding, on its repository (or its organization when the config
 * names only `org`), found again by the id a reconcile hands back or by URL, so neither activation
 * nor a repair ever duplicates it; deliveries signed `X-Hub-Signature-256` (over the body alone, so
 * a body resent under another id is recognised by it) and identified by `X-GitHub-Delivery`, the
 * same on a redelivery.
 */
export const githubWebhooks: IntegrationWebhooks = {
  register: async (request, ctx) => {
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
  },

  unregister: async (registration, ctx) => {
    await ctx.http.request({
      method: 'DELETE',
      path: hooksPath(targetOfRegistration(registration), Number(registration.hookId)),
      retrySafe: true,
      // Already deleted (by hand, or an earlier deactivation that lost its answer): nothing left to do.
      acceptStatus: [404],
    });
  },

  inspect: async (registration, request, ctx) => {
    const { status, body } = await ctx.http.request<GithubHook>({
      method: 'GET',
      path: hooksPath(targetOfRegistration(registration), Number(registration.hookId)),
      acceptStatus: [404],
      expect: Hook,
    });
    if (status === 404) return 'missing';
    return standsAsRequested(body, request) ? 'ok' : 'changed';
  },

  verify: verifyGithubSignature,

  hasSignature: hasGithubSignature,

  signatureOf: githubSignatureOf,

  deliveryId: (delivery) => delivery.headers['x-github-delivery'],

  watchedBy,
};

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
    const more = headers.link !== undefined && LinkHeader.parse(headers.link).has('rel', 'next');
    if (!more || body.length === 0) break;
  }
  return hooks;
}
