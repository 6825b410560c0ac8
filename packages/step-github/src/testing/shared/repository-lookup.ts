import type { Context } from '@toolsteps/emulator';
import { GithubApiError, notFound } from './github-api-error.js';
import { callerOf } from './github-caller.js';
import type { GithubCore } from './github-core.js';
import type { Repository } from './github-model.js';

/** Logins and repository names: Hono decodes `%2F` in a parameter, so anything else must not reach a lookup. */
const NAME = /^[A-Za-z0-9._-]{1,100}$/;

export function isValidName(name: string): boolean {
  return NAME.test(name) && name !== '.' && name !== '..';
}

function ownerAndName(c: Context): { owner: string; name: string } {
  const owner = c.req.param('owner') ?? '';
  const name = c.req.param('repo') ?? '';
  if (!isValidName(owner) || !isValidName(name)) throw notFound();
  return { owner, name };
}

/** The `:owner/:repo` of the request as the caller may see it, or 404. */
export function visibleRepo(c: Context, state: GithubCore): Repository {
  const { owner, name } = ownerAndName(c);
  return state.visibleRepository(owner, name, callerOf(c));
}

/** The `:owner/:repo` of the request when the caller may push to it (404 hidden, 403 read-only). */
export function writableRepo(c: Context, state: GithubCore): Repository {
  const { owner, name } = ownerAndName(c);
  return state.writableRepository(owner, name, callerOf(c));
}

/** The `:owner/:repo` of the request when the caller administers it. */
export function adminRepo(c: Context, state: GithubCore): Repository {
  const repo = visibleRepo(c, state);
  if (state.permissionOf(repo, callerOf(c).login) !== 'admin') {
    throw new GithubApiError(403, 'Must have admin rights to Repository.');
  }
  return repo;
}

/**
 * A file path from the URL: `/`-separated, without empty, `.` or `..` segments (else 404, as no
 * such file exists); a trailing slash is dropped.
 */
export function filePathParam(c: Context): string {
  const path = (c.req.param('path') ?? '').replace(/\/+$/, '');
  const parts = path.split('/');
  if (
    path === '' ||
    parts.some((part) => part === '' || part === '.' || part === '..' || /[\\\0]/.test(part))
  ) {
    throw notFound();
  }
  return path;
}
