import type { Context, Hono } from '@toolsteps/emulator';
import type { StateRef } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { accountJson } from '../shared/account-json.js';
import { GithubApiError, notFound, validationFailed } from '../shared/github-api-error.js';
import { callerOf } from '../shared/github-caller.js';
import {
  COLLABORATOR_PERMISSIONS,
  type CollaboratorPermission,
  type GithubAccount,
  type Repository,
} from '../shared/github-model.js';
import { paginate } from '../shared/github-pagination.js';
import { optional, queryParam, readJson } from '../shared/github-request.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';
import { adminRepo, visibleRepo } from '../shared/repository-lookup.js';
import { minimalRepositoryJson, permissionsJson } from './repository-json.js';
import { emitMemberAdded } from './webhook-repository-events.js';

/** What GitHub calls each permission in `role_name` and in invitations. */
const ROLE_NAMES: Record<CollaboratorPermission, string> = {
  pull: 'read',
  triage: 'triage',
  push: 'write',
  maintain: 'maintain',
  admin: 'admin',
};

/** The legacy `permission` of GET .../permission: maintain reads as write, triage as read. */
const LEGACY: Record<CollaboratorPermission, string> = {
  pull: 'read',
  triage: 'read',
  push: 'write',
  maintain: 'write',
  admin: 'admin',
};

/**
 * Repository collaborators. Inviting adds the user at once (no acceptance step): 201 with an
 * invitation the first time, 204 when they already collaborate.
 */
export function registerCollaboratorRoutes(api: Hono, state: StateRef): void {
  api.get('/repos/:owner/:repo/collaborators', (c) => {
    const repo = pushableRepo(c, state());
    const wanted = queryParam(c, 'permission') as CollaboratorPermission | undefined;
    const all = withAccess(state(), repo).filter(
      ({ permission }) => wanted === undefined || rank(permission) >= rank(wanted),
    );
    return c.json(
      paginate(c, all).map(({ account, permission }) => collaboratorJson(c, account, permission)),
    );
  });

  api.get('/repos/:owner/:repo/collaborators/:username', (c) => {
    const repo = pushableRepo(c, state());
    const account = state().account(c.req.param('username'));
    if (account === undefined || state().permissionOf(repo, account.login) === undefined) throw notFound();
    return c.body(null, 204);
  });

  api.get('/repos/:owner/:repo/collaborators/:username/permission', (c) => {
    const repo = visibleRepo(c, state());
    const account = userNamed(state(), c.req.param('username'));
    const permission = state().permissionOf(repo, account.login) ?? (repo.private ? undefined : 'pull');
    return c.json({
      permission: permission === undefined ? 'none' : LEGACY[permission],
      role_name: permission === undefined ? 'none' : ROLE_NAMES[permission],
      user: collaboratorJson(c, account, permission),
    });
  });

  api.put('/repos/:owner/:repo/collaborators/:username', async (c) => {
    const repo = adminRepo(c, state());
    const account = userNamed(state(), c.req.param('username'));
    const body = await readJson(c);
    const permission = optional<string>(body, 'permission', 'string', 'Repository') ?? 'push';
    if (!COLLABORATOR_PERMISSIONS.includes(permission as CollaboratorPermission)) {
      throw validationFailed({
        resource: 'Repository',
        code: 'invalid',
        field: 'permission',
        message: `permission must be one of ${COLLABORATOR_PERMISSIONS.join(', ')}`,
      });
    }
    if (account.login.toLowerCase() === repo.owner.toLowerCase()) {
      throw validationFailed({
        resource: 'Repository',
        code: 'custom',
        field: 'username',
        message: 'Repository owner cannot be a collaborator',
      });
    }
    const login = account.login.toLowerCase();
    const before = state().permissionOf(repo, login);
    if (before !== undefined) {
      if (repo.collaborators.has(login)) repo.collaborators.set(login, permission as CollaboratorPermission);
      return c.body(null, 204);
    }
    repo.collaborators.set(login, permission as CollaboratorPermission);
    emitMemberAdded(c, state(), repo, account, ROLE_NAMES[permission as CollaboratorPermission]);
    return c.json(
      invitationJson(c, state(), repo, callerOf(c), account, permission as CollaboratorPermission),
      201,
    );
  });

  api.delete('/repos/:owner/:repo/collaborators/:username', (c) => {
    const repo = adminRepo(c, state());
    repo.collaborators.delete(c.req.param('username').toLowerCase());
    return c.body(null, 204);
  });
}

function rank(permission: CollaboratorPermission): number {
  return COLLABORATOR_PERMISSIONS.indexOf(permission);
}

/** Listing or checking collaborators needs push access, as on GitHub. */
function pushableRepo(c: Context, state: GithubState): Repository {
  const repo = visibleRepo(c, state);
  const permission = state.permissionOf(repo, callerOf(c).login);
  if (permission === undefined || rank(permission) < rank('push')) {
    throw new GithubApiError(403, 'Must have push access to view repository collaborators.');
  }
  return repo;
}

function userNamed(state: GithubState, login: string): GithubAccount {
  const account = state.account(login);
  if (account === undefined || account.type !== 'User') throw notFound();
  return account;
}

/** Everyone with access: the owner or the owning organization's members (admins), then collaborators. */
function withAccess(state: GithubState, repo: Repository) {
  const owner = state.account(repo.owner);
  const logins = owner?.type === 'Organization' ? (owner.members ?? []) : [repo.owner];
  const all = [...new Set([...logins.map((login) => login.toLowerCase()), ...repo.collaborators.keys()])];
  return all
    .map((login) => state.account(login))
    .filter((account): account is GithubAccount => account !== undefined)
    .map((account) => ({
      account,
      permission: state.permissionOf(repo, account.login) as CollaboratorPermission,
    }));
}

function collaboratorJson(
  c: Context,
  account: GithubAccount,
  permission: CollaboratorPermission | undefined,
) {
  return {
    ...accountJson(c, account),
    name: account.name,
    email: account.email ?? null,
    permissions: permissionsJson(permission),
    role_name: permission === undefined ? 'none' : ROLE_NAMES[permission],
  };
}

function invitationJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  inviter: GithubAccount,
  invitee: GithubAccount,
  permission: CollaboratorPermission,
) {
  const id = state.nextId();
  return {
    id,
    node_id: state.nodeId('RI', id),
    repository: minimalRepositoryJson(c, state, repo),
    invitee: accountJson(c, invitee),
    inviter: accountJson(c, inviter),
    permissions: ROLE_NAMES[permission],
    created_at: state.isoNow(),
    expired: false,
    url: `${apiBase(c)}/user/repository_invitations/${id}`,
    html_url: `${htmlBase(c)}/${repo.owner}/${repo.name}/invitations`,
  };
}
