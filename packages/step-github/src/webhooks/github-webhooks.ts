import type { HttpClient, IntegrationWebhooks, RegistrationRequest, Static } from '@toolsteps/engine';
import LinkHeader from 'http-link-header';
import { verifyGithubSignature } from './delivery-signature.js';
import { Hook, HookList } from './hook-answer.js';
import { hookRefusal } from './hook-refusal.js';
import {
  type HookTarget,
  hooksPath,
  registrationOf,
  targetOfConfig,
  targetOfRegistration,
} from './hook-target.js';

type GithubHook = Static<typeof Hook>;

/** GitHub allows 20 hooks per event on a repository or organization: one page of 100 nearly always holds them all. */
const PER_PAGE = 100;
const MAX_PAGES = 10;

/**
 * GitHub's webhooks: one hook per binding, on its repository (or its organization when the config
 * names only `org`), found again by URL so activation never duplicates it; deliveries signed
 * `X-Hub-Signature-256` and identified by `X-GitHub-Delivery`, the same on a redelivery.
 */
export const githubWebhooks: IntegrationWebhooks = {
  register: async (request, ctx) => {
    const target = targetOfConfig(request.config);
    const existing = (await listHooks(ctx.http, target)).find((hook) => hook.config.url === request.url);
    if (existing !== undefined) {
      // Brought back to what the binding asks: a hand-edited or deactivated hook is repaired, its secret renewed.
      const { status } = await ctx.http.request<GithubHook>({
        method: 'PATCH',
        path: hooksPath(target, existing.id),
        json: hookSettings(request),
        retrySafe: true,
        acceptStatus: [403, 404],
        expect: Hook,
      });
      if (status === 403 || status === 404) throw hookRefusal(target, status, 'update its webhook');
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

  deliveryId: (delivery) => delivery.headers['x-github-delivery'],
};

/** The hook a binding asks for. `insecure_ssl: '0'`: GitHub checks the receiver's certificate. */
function hookSettings(request: RegistrationRequest) {
  return {
    config: { url: request.url, content_type: 'json', secret: request.secret, insecure_ssl: '0' },
    events: [...request.subscribes],
    active: true,
  };
}

/** The secret cannot be read back (GitHub masks it), so what can be compared is. */
function standsAsRequested(hook: GithubHook, request: RegistrationRequest): boolean {
  const sameEvents =
    [...new Set(hook.events)].sort().join() === [...new Set(request.subscribes)].sort().join();
  const insecure = hook.config.insecure_ssl;
  return (
    hook.active &&
    sameEvents &&
    hook.config.url === request.url &&
    hook.config.content_type === 'json' &&
    (insecure === undefined || String(insecure) === '0')
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
