import type { Context, Hono } from '@toolsteps/emulator';
import type { StateRef } from '../github-route-module.js';
import { GithubApiError, notFound } from '../shared/github-api-error.js';
import { type Repository, repoKey } from '../shared/github-model.js';
import { paginate } from '../shared/github-pagination.js';
import { readJson, requireString } from '../shared/github-request.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';
import { visibleRepo, writableRepo } from '../shared/repository-lookup.js';
import { commitJson } from './commit-json.js';
import { nonEmpty } from './non-empty-repo.js';
import { emitCreate, emitDelete, emitPush } from './webhook-git-events.js';

/** Branches and git references (`refs/heads/*`, `refs/tags/*`). */
export function registerGitRoutes(api: Hono, state: StateRef): void {
  api.get('/repos/:owner/:repo/branches', (c) => {
    const repo = visibleRepo(c, state());
    const base = `${apiBase(c)}/repos/${repo.owner}/${repo.name}`;
    const branches = state()
      .git.refs(repoKey(repo.owner, repo.name))
      .filter(({ ref }) => ref.startsWith('refs/heads/'))
      .map(({ ref, sha }) => ({
        name: ref.slice('refs/heads/'.length),
        commit: { sha, url: `${base}/commits/${sha}` },
        protected: false,
      }));
    return c.json(paginate(c, branches));
  });

  api.get('/repos/:owner/:repo/branches/:branch{.+}', (c) => {
    const repo = visibleRepo(c, state());
    const name = c.req.param('branch');
    const sha = state().git.branchSha(repoKey(repo.owner, repo.name), name);
    if (sha === undefined) throw new GithubApiError(404, 'Branch not found');
    const self = `${apiBase(c)}/repos/${repo.owner}/${repo.name}/branches/${encodeURIComponent(name)}`;
    return c.json({
      name,
      commit: commitJson(c, state(), repo, sha),
      _links: { html: `${htmlBase(c)}/${repo.owner}/${repo.name}/tree/${name}`, self },
      protected: false,
      protection: {
        enabled: false,
        required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] },
      },
      protection_url: `${self}/protection`,
    });
  });

  api.get('/repos/:owner/:repo/git/ref/:ref{.+}', (c) => {
    const repo = nonEmpty(visibleRepo(c, state()), state());
    const ref = `refs/${c.req.param('ref').replace(/^refs\//, '')}`;
    const found = state()
      .git.refs(repoKey(repo.owner, repo.name))
      .find((entry) => entry.ref === ref);
    if (found === undefined) throw notFound();
    return c.json(refJson(c, repo, found.ref, found.sha));
  });

  api.get('/repos/:owner/:repo/git/matching-refs/:ref{.*}', (c) => {
    const repo = nonEmpty(visibleRepo(c, state()), state());
    const prefix = `refs/${(c.req.param('ref') ?? '').replace(/^refs\//, '')}`;
    const matching = state()
      .git.refs(repoKey(repo.owner, repo.name))
      .filter(({ ref }) => ref.startsWith(prefix));
    return c.json(matching.map(({ ref, sha }) => refJson(c, repo, ref, sha)));
  });

  api.post('/repos/:owner/:repo/git/refs', async (c) => {
    const repo = nonEmpty(writableRepo(c, state()), state());
    const body = await readJson(c);
    const ref = requireString(body, 'ref', 'Reference');
    const sha = requireString(body, 'sha', 'Reference').toLowerCase();
    const key = repoKey(repo.owner, repo.name);
    if (!ref.startsWith('refs/') || ref.split('/').length < 3) {
      throw new GithubApiError(422, 'Reference name must contain at least three slash-separated components.');
    }
    if (!validRefName(ref)) throw new GithubApiError(422, `${ref} is not a valid ref name.`);
    if (!/^[0-9a-f]{40}$/.test(sha) || state().git.commit(key, sha) === undefined) {
      throw new GithubApiError(422, 'Object does not exist');
    }
    const existing = state().git.refs(key);
    if (existing.some((entry) => entry.ref === ref))
      throw new GithubApiError(422, 'Reference already exists');
    // git keeps refs as files: `refs/heads/a` and `refs/heads/a/b` cannot both exist.
    if (existing.some((entry) => entry.ref.startsWith(`${ref}/`) || ref.startsWith(`${entry.ref}/`))) {
      throw new GithubApiError(422, 'Reference update failed');
    }
    state().git.setRef(key, ref, sha);
    emitCreate(c, state(), repo, ref);
    emitPush(c, state(), repo, { ref, before: undefined, after: sha });
    return c.json(refJson(c, repo, ref, sha), 201);
  });

  api.delete('/repos/:owner/:repo/git/refs/:ref{.+}', (c) => {
    const repo = nonEmpty(writableRepo(c, state()), state());
    const ref = `refs/${c.req.param('ref').replace(/^refs\//, '')}`;
    if (ref === `refs/heads/${repo.default_branch}`) {
      throw new GithubApiError(422, 'Cannot delete the default branch');
    }
    const before = state().git.resolveRef(repoKey(repo.owner, repo.name), ref);
    if (!state().git.deleteRef(repoKey(repo.owner, repo.name), ref)) {
      throw new GithubApiError(422, 'Reference does not exist');
    }
    emitDelete(c, state(), repo, ref);
    emitPush(c, state(), repo, { ref, before, after: undefined });
    return c.body(null, 204);
  });
}

/** git check-ref-format's rules, the ones a request can break. */
function validRefName(ref: string): boolean {
  const parts = ref.split('/');
  return (
    !/[\s~^:?*[\\]|\.\.|@\{/.test(ref) &&
    ![...ref].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) &&
    !ref.endsWith('/') &&
    !ref.endsWith('.') &&
    parts.every((part) => part !== '' && !part.startsWith('.') && !part.endsWith('.lock'))
  );
}

function refJson(c: Context, repo: Repository, ref: string, sha: string) {
  const api = `${apiBase(c)}/repos/${repo.owner}/${repo.name}`;
  return {
    ref,
    node_id: `REF_${Buffer.from(`${repo.id}:${ref}`).toString('base64url')}`,
    url: `${api}/git/${ref}`,
    object: { sha, type: 'commit', url: `${api}/git/commits/${sha}` },
  };
}
