import type { Context, Hono } from '@toolsteps/emulator';
import type { StateRef } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { GithubApiError, notFound } from '../shared/github-api-error.js';
import { repoKey } from '../shared/github-model.js';
import { paginate } from '../shared/github-pagination.js';
import { queryParam } from '../shared/github-request.js';
import { visibleRepo } from '../shared/repository-lookup.js';
import { commitJson } from './commit-json.js';
import { blobSha } from './git-objects.js';
import type { CommitRecord, GitStore } from './git-store.js';
import { nonEmpty } from './non-empty-repo.js';

/** Commits: the history of a branch or sha with GitHub's filters, and one commit with its files. */
export function registerCommitRoutes(api: Hono, state: StateRef): void {
  api.get('/repos/:owner/:repo/commits', (c) => {
    const repo = nonEmpty(visibleRepo(c, state()), state());
    const key = repoKey(repo.owner, repo.name);
    const head = state().git.resolveRef(key, queryParam(c, 'sha') ?? repo.default_branch);
    if (head === undefined) throw notFound();
    const path = queryParam(c, 'path')?.replace(/^\/+|\/+$/g, '');
    const author = people(state(), queryParam(c, 'author'));
    const committer = people(state(), queryParam(c, 'committer'));
    const since = instant(c, 'since');
    const until = instant(c, 'until');
    const listed = state()
      .git.history(key, head)
      .filter(
        (commit) =>
          (author === undefined || author.has(commit.author.email.toLowerCase())) &&
          (committer === undefined || committer.has(commit.committer.email.toLowerCase())) &&
          (since === undefined || Date.parse(commit.committer.date) >= since) &&
          (until === undefined || Date.parse(commit.committer.date) <= until) &&
          (path === undefined || path === '' || touches(state().git, key, commit, path)),
      );
    return c.json(paginate(c, listed).map((commit) => commitJson(c, state(), repo, commit.sha)));
  });

  // GitHub reads `{ref}` across segments (heads/feature/login), or percent-encoded as Octokit sends it.
  api.get('/repos/:owner/:repo/commits/:ref{.+}', (c, next) => {
    const ref = c.req.param('ref');
    if (OTHER_COMMIT_ROUTES.test(ref)) return next();
    const repo = nonEmpty(visibleRepo(c, state()), state());
    const sha = state().git.resolveRef(repoKey(repo.owner, repo.name), ref);
    if (sha === undefined) throw new GithubApiError(422, `No commit found for SHA: ${ref}`);
    return c.json(commitJson(c, state(), repo, sha, { files: true }));
  });
}

/** Sub-resources of a commit that other domains serve (`commits/{ref}/pulls`, `.../check-runs`, ...). */
const OTHER_COMMIT_ROUTES =
  /\/(?:pulls|check-runs|check-suites|status|statuses|comments|branches-where-head)$/;

/** The emails an `author`/`committer` filter means: the value itself, or the email of the login it names. */
function people(state: GithubState, value: string | undefined): Set<string> | undefined {
  if (value === undefined) return undefined;
  const emails = new Set([value.toLowerCase()]);
  const email = state.account(value)?.email;
  if (email !== undefined) emails.add(email.toLowerCase());
  return emails;
}

function instant(c: Context, name: 'since' | 'until'): number | undefined {
  const value = queryParam(c, name);
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new GithubApiError(400, `Invalid value for parameter '${name}': ${value}`);
  return time;
}

/**
 * Whether a commit changed the file or folder `path`, as `git log -- path` decides: a commit that
 * leaves it as one of its parents had it (a merge taking one side) is left out.
 */
function touches(git: GitStore, key: string, commit: CommitRecord, path: string): boolean {
  const mine = snapshot(commit, path);
  if (commit.parents.length === 0) return mine !== '';
  return commit.parents.every((parent) => {
    const record = git.commit(key, parent);
    return record === undefined || snapshot(record, path) !== mine;
  });
}

/** The content under `path` (a file or a folder) in a comparable form; '' when nothing is there. */
function snapshot(commit: CommitRecord, path: string): string {
  const parts: string[] = [];
  for (const [file, content] of commit.tree) {
    if (file === path || file.startsWith(`${path}/`)) parts.push(`${file}\0${blobSha(content)}`);
  }
  return parts.sort().join('\n');
}
