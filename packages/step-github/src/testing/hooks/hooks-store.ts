import type { GithubCore } from '../shared/github-core.js';

/** Where a hook is registered: a repository (by key) or an organization (by login, lowercased). */
export type HookOwner = { type: 'Repository'; repoKey: string } | { type: 'Organization'; org: string };

export interface HookConfig {
  url: string;
  content_type: 'json' | 'form';
  insecure_ssl: '0' | '1';
  /** Never answered: GitHub shows `********` in its place. */
  secret?: string;
}

export interface HookRecord {
  id: number;
  owner: HookOwner;
  active: boolean;
  /** Event names, or `*` for every event. */
  events: string[];
  config: HookConfig;
  created_at: string;
  updated_at: string;
  /** The answer to the latest delivery, as `last_response` reports it. */
  last_response: { code: number | null; status: string; message: string | null };
}

export type NewHook = Pick<HookRecord, 'owner' | 'active' | 'events' | 'config'>;

/** Repository and organization webhooks, in creation order. */
export class HooksStore {
  readonly #hooks: HookRecord[] = [];

  constructor(private readonly state: GithubCore) {}

  add(fields: NewHook): HookRecord {
    const now = this.state.isoNow();
    const hook: HookRecord = {
      ...fields,
      id: this.state.nextId(),
      created_at: now,
      updated_at: now,
      last_response: { code: null, status: 'unused', message: null },
    };
    this.#hooks.push(hook);
    return hook;
  }

  /** The hooks registered at one owner. */
  list(owner: HookOwner): HookRecord[] {
    return this.#hooks.filter((hook) => sameOwner(hook.owner, owner));
  }

  find(owner: HookOwner, id: number): HookRecord | undefined {
    return this.list(owner).find((hook) => hook.id === id);
  }

  /** Any hook by id, for deliveries and tests. */
  byId(id: number): HookRecord | undefined {
    return this.#hooks.find((hook) => hook.id === id);
  }

  remove(hook: HookRecord): void {
    this.#hooks.splice(this.#hooks.indexOf(hook), 1);
  }

  touch(hook: HookRecord): void {
    hook.updated_at = this.state.isoNow();
  }

  /**
   * The active hooks an event goes to: those of the repository, then those of its owner when that
   * is an organization (or of the organization alone, for organization events), subscribed to the
   * event by name or with `*`. `ping` goes only to the hook it tests, so it never matches here.
   */
  subscribed(event: string, target: { repoKey?: string; org?: string }): HookRecord[] {
    const org = target.org?.toLowerCase();
    return this.#hooks.filter(
      (hook) =>
        hook.active &&
        (hook.events.includes(event) || hook.events.includes('*')) &&
        (hook.owner.type === 'Repository'
          ? hook.owner.repoKey === target.repoKey
          : org !== undefined && hook.owner.org === org),
    );
  }
}

function sameOwner(a: HookOwner, b: HookOwner): boolean {
  if (a.type === 'Repository') return b.type === 'Repository' && a.repoKey === b.repoKey;
  return b.type === 'Organization' && a.org === b.org;
}
