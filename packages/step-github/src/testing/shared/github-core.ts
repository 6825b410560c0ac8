import { GithubApiError, notAccessible, notFound } from './github-api-error.js';
import type { CollaboratorPermission, GithubAccount, Repository } from './github-model.js';
import { repoKey } from './github-model.js';
import { GithubQuotas } from './github-quota.js';

/**
 * What every domain builds on: accounts, tokens and repositories, the id sequence and clock, and who
 * may see or write which repository. The domain stores take this, never the whole state, so they
 * stay below the routes, renderers and webhooks that read them.
 */
export class GithubCore {
  readonly accounts = new Map<string, GithubAccount>();
  /** Token to login. */
  readonly tokens = new Map<string, string>();
  readonly repositories = new Map<string, Repository>();
  readonly quotas: GithubQuotas;
  #nextId = 1000;

  constructor(readonly now: () => number = Date.now) {
    this.quotas = new GithubQuotas(now);
  }

  nextId(): number {
    this.#nextId += 1;
    return this.#nextId;
  }

  /** GitHub's node ids are opaque base64 strings; ours keep the kind readable in tests. */
  nodeId(kind: string, id: number): string {
    return `${kind}_${Buffer.from(`${kind}:${id}`).toString('base64url')}`;
  }

  isoNow(): string {
    return new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  account(login: string): GithubAccount | undefined {
    return this.accounts.get(login.toLowerCase());
  }

  addAccount(account: Omit<GithubAccount, 'id' | 'node_id'>, token?: string): GithubAccount {
    const id = this.nextId();
    const added: GithubAccount = {
      ...account,
      id,
      node_id: this.nodeId(account.type === 'User' ? 'U' : 'O', id),
    };
    this.accounts.set(account.login.toLowerCase(), added);
    if (token !== undefined) this.tokens.set(token, added.login);
    return added;
  }

  repository(owner: string, name: string): Repository | undefined {
    return this.repositories.get(repoKey(owner, name));
  }

  /** The repository the caller may see, or GitHub's 404 (private repositories are hidden, not forbidden). */
  visibleRepository(owner: string, name: string, caller: GithubAccount): Repository {
    const repo = this.repository(owner, name);
    if (repo === undefined || (repo.private && this.permissionOf(repo, caller.login) === undefined)) {
      throw notFound();
    }
    return repo;
  }

  /** A repository the caller may write to (push or better), else 404 when hidden or 403 when read-only. */
  writableRepository(owner: string, name: string, caller: GithubAccount): Repository {
    const repo = this.visibleRepository(owner, name, caller);
    const permission = this.permissionOf(repo, caller.login);
    if (permission === undefined || permission === 'pull' || permission === 'triage') {
      throw notAccessible();
    }
    return repo;
  }

  /** The caller's permission on a repository: owner and organization members are admins. */
  permissionOf(repo: Repository, login: string): CollaboratorPermission | undefined {
    if (repo.owner.toLowerCase() === login.toLowerCase()) return 'admin';
    const owner = this.account(repo.owner);
    if (owner?.members?.some((member) => member.toLowerCase() === login.toLowerCase())) return 'admin';
    return repo.collaborators.get(login.toLowerCase());
  }

  addRepository(
    fields: Pick<Repository, 'owner' | 'name'> & Partial<Omit<Repository, 'id' | 'node_id'>>,
  ): Repository {
    const key = repoKey(fields.owner, fields.name);
    if (this.repositories.has(key)) {
      throw new GithubApiError(422, 'Repository creation failed.', [
        {
          resource: 'Repository',
          code: 'custom',
          field: 'name',
          message: 'name already exists on this account',
        },
      ]);
    }
    const id = this.nextId();
    const now = this.isoNow();
    const repo: Repository = {
      description: null,
      private: false,
      default_branch: 'main',
      homepage: null,
      has_issues: true,
      archived: false,
      created_at: now,
      updated_at: now,
      pushed_at: now,
      stargazers: new Set(),
      collaborators: new Map(),
      ...fields,
      id,
      node_id: this.nodeId('R', id),
    };
    this.repositories.set(key, repo);
    return repo;
  }
}
