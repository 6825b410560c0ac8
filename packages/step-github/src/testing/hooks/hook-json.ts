import type { Context } from '@toolsteps/emulator';
import { apiBase } from '../shared/github-urls.js';
import type { HookRecord } from './hooks-store.js';

/** A hook's API address: under its repository or its organization. */
export function hookUrl(c: Context, hook: HookRecord, owner: string): string {
  const root =
    hook.owner.type === 'Repository' ? `${apiBase(c)}/repos/${owner}` : `${apiBase(c)}/orgs/${owner}`;
  return `${root}/hooks/${hook.id}`;
}

/** The config as GitHub answers it: the secret, when set, is shown as `********`, never itself. */
function configJson(hook: HookRecord) {
  const { secret, ...config } = hook.config;
  return { ...config, ...(secret === undefined || secret === '' ? {} : { secret: '********' }) };
}

/**
 * GitHub's `hook` (repository) or `org-hook` shape. `owner` is `owner/name` of a repository or an
 * organization's login, as spelt in the answer's URLs.
 */
export function hookJson(c: Context, hook: HookRecord, owner: string) {
  const url = hookUrl(c, hook, owner);
  const common = {
    type: hook.owner.type,
    id: hook.id,
    name: 'web',
    active: hook.active,
    events: [...hook.events],
    config: configJson(hook),
    updated_at: hook.updated_at,
    created_at: hook.created_at,
    url,
  };
  if (hook.owner.type === 'Organization') {
    return { ...common, ping_url: `${url}/pings`, deliveries_url: `${url}/deliveries` };
  }
  return {
    ...common,
    test_url: `${url}/test`,
    ping_url: `${url}/pings`,
    deliveries_url: `${url}/deliveries`,
    last_response: { ...hook.last_response },
  };
}

/** The `hook` of a `ping` payload: the hook as it was created, without the latest answer. */
export function pingHookJson(c: Context, hook: HookRecord, owner: string) {
  const { last_response: _lastResponse, ...json } = { last_response: undefined, ...hookJson(c, hook, owner) };
  return json;
}
