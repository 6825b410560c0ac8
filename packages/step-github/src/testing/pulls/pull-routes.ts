import type { Context } from '@toolsteps/emulator';
import { commitJson } from '../git/commit-json.js';
import { emitPush } from '../git/webhook-git-events.js';
import type { RouteModule } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { changeState, checkStateChange } from '../issues/issue-changes.js';
import { pullOf, repoOf } from '../issues/issue-lookup.js';
import type { IssueRecord } from '../issues/issues-store.js';
import { emitIssueChanges, snapshotIssue } from '../issues/webhook-issue-events.js';
import {
  type GithubApiError,
  type GithubFieldError,
  notAccessible,
  notFound,
  validationFailed,
} from '../shared/github-api-error.js';
import type { Repository } from '../shared/github-model.js';
import { paginate } from '../shared/github-pagination.js';
import { optional, queryParam, readJson, requireString } from '../shared/github-request.js';
import { hasPermission, refuseIfArchived } from '../shared/repository-access.js';
import { pullCommits, pullJson } from './pull-json.js';
import { mergePull } from './pull-merge.js';
import { emitPullEvent } from './webhook-pull-events.js';

/** Opening, listing, reading, updating and merging pull requests, and the commits they bring. */
export const pullRoutes: RouteModule = (api, state) => {
  api.post('/repos/:owner/:repo/pulls', async (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    refuseIfArchived(repo);
    const body = await readJson(c);
    const fromIssue = optional<number>(body, 'issue', 'number', 'PullRequest');
    const title = fromIssue === undefined ? requireString(body, 'title', 'PullRequest') : undefined;
    const text = optional<string>(body, 'body', 'string', 'PullRequest');
    const head = headRef(repo, requireString(body, 'head', 'PullRequest'));
    const base = requireString(body, 'base', 'PullRequest');
    const draft = optional<boolean>(body, 'draft', 'boolean', 'PullRequest') ?? false;
    const canModify = optional<boolean>(body, 'maintainer_can_modify', 'boolean', 'PullRequest') ?? false;
    const headSha = head === undefined ? undefined : s.git.branchSha(key, head);
    const baseSha = s.git.branchSha(key, base);
    const unknown: GithubFieldError[] = [];
    if (headSha === undefined) unknown.push({ resource: 'PullRequest', field: 'head', code: 'invalid' });
    if (baseSha === undefined) unknown.push({ resource: 'PullRequest', field: 'base', code: 'invalid' });
    if (headSha === undefined || baseSha === undefined || head === undefined)
      throw validationFailed(...unknown);
    const existing = s.issues
      .list(key)
      .find(
        (other) =>
          other.state === 'open' &&
          other.pull_request?.head.ref === head &&
          other.pull_request.base.ref === base,
      );
    if (existing !== undefined) {
      throw custom(`A pull request already exists for ${repo.owner}:${head}.`);
    }
    if (s.git.commitsBetween(key, baseSha, headSha).length === 0) {
      throw custom(`No commits between ${base} and ${head}`);
    }
    const issue =
      fromIssue === undefined
        ? s.issues.create(key, { title: title as string, body: text, user: caller.login })
        : convertible(s, repo, key, fromIssue, caller.login);
    s.issues.attachPull(issue, {
      head: { ref: head, sha: headSha },
      base: { ref: base, sha: baseSha },
      draft,
      maintainer_can_modify: canModify,
      requested_reviewers: [],
      requested_teams: [],
    });
    const json = pullJson(c, s, repo, issue, caller.login, 'full');
    emitPullEvent(c, s, repo, issue, 'opened');
    return c.json(json, 201, { location: json.url });
  });

  api.get('/repos/:owner/:repo/pulls', (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    const pulls = sortedPulls(c, s.issues.list(key).filter(pullFilter(c, repo)));
    return c.json(paginate(c, pulls).map((issue) => pullJson(c, s, repo, issue, caller.login, 'simple')));
  });

  api.get('/repos/:owner/:repo/pulls/:pull_number', (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    return c.json(pullJson(c, s, repo, pullOf(c, s, key).issue, caller.login, 'full'));
  });

  api.patch('/repos/:owner/:repo/pulls/:pull_number', async (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    const { issue, pull } = pullOf(c, s, key);
    refuseIfArchived(repo);
    const isAuthor = issue.user.toLowerCase() === caller.login.toLowerCase();
    if (!isAuthor && !hasPermission(s, repo, caller.login, 'triage')) {
      throw notAccessible();
    }
    const body = await readJson(c);
    const title = optional<string>(body, 'title', 'string', 'PullRequest');
    const text =
      'body' in body ? (optional<string>(body, 'body', 'string', 'PullRequest') ?? null) : undefined;
    const to = optional<string>(body, 'state', 'string', 'PullRequest');
    if (to !== undefined && to !== 'open' && to !== 'closed') {
      throw validationFailed({ resource: 'PullRequest', code: 'invalid', field: 'state', value: to });
    }
    const base = optional<string>(body, 'base', 'string', 'PullRequest');
    const baseSha = base === undefined ? undefined : s.git.branchSha(key, base);
    if (base !== undefined && baseSha === undefined) {
      throw validationFailed({ resource: 'PullRequest', code: 'invalid', field: 'base', value: base });
    }
    const canModify = optional<boolean>(body, 'maintainer_can_modify', 'boolean', 'PullRequest');
    if (to !== undefined && to !== issue.state) checkStateChange(s, key, issue, to);

    const before = snapshotIssue(issue);
    const baseBefore = { ...pull.base };
    if (title !== undefined) issue.title = title;
    if (text !== undefined) issue.body = text;
    if (base !== undefined && baseSha !== undefined) pull.base = { ref: base, sha: baseSha };
    if (canModify !== undefined) pull.maintainer_can_modify = canModify;
    if (to !== undefined && to !== issue.state) changeState(s, issue, to, caller.login, undefined);
    else s.issues.touch(issue);
    const baseChange =
      pull.base.ref === baseBefore.ref
        ? {}
        : { base: { ref: { from: baseBefore.ref }, sha: { from: baseBefore.sha } } };
    emitIssueChanges(c, s, repo, issue, before, baseChange);
    return c.json(pullJson(c, s, repo, issue, caller.login, 'full'));
  });

  api.get('/repos/:owner/:repo/pulls/:pull_number/commits', (c) => {
    const s = state();
    const { repo, key } = repoOf(c, s);
    const { pull } = pullOf(c, s, key);
    const commits = pullCommits(s, key, pull).reverse();
    return c.json(paginate(c, commits).map((commit) => commitJson(c, s, repo, commit.sha)));
  });

  api.get('/repos/:owner/:repo/pulls/:pull_number/merge', (c) => {
    const s = state();
    const { key } = repoOf(c, s);
    if (pullOf(c, s, key).pull.merged_at === null) throw notFound();
    return c.body(null, 204);
  });

  api.put('/repos/:owner/:repo/pulls/:pull_number/merge', async (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    const { issue, pull } = pullOf(c, s, key);
    refuseIfArchived(repo);
    s.writableRepository(repo.owner, repo.name, caller);
    const before = snapshotIssue(issue);
    const baseBefore = s.git.branchSha(key, pull.base.ref);
    const sha = mergePull(s, repo, issue, pull, caller, await readJson(c));
    emitPush(c, s, repo, {
      ref: `refs/heads/${pull.base.ref}`,
      before: baseBefore,
      after: s.git.branchSha(key, pull.base.ref),
    });
    emitIssueChanges(c, s, repo, issue, before);
    return c.json({ sha, merged: true, message: 'Pull Request successfully merged' });
  });
};

/** A 422 whose only error is a sentence, as GitHub words refusals of a pull request. */
function custom(message: string): GithubApiError {
  return validationFailed({ resource: 'PullRequest', code: 'custom', message });
}

/** `branch` or `owner:branch`; another owner would be a fork, which the emulator does not have. */
function headRef(repo: Repository, head: string): string | undefined {
  const colon = head.indexOf(':');
  if (colon === -1) return head;
  return head.slice(0, colon).toLowerCase() === repo.owner.toLowerCase() ? head.slice(colon + 1) : undefined;
}

/** The open issue `issue` of POST /pulls names, which its author or a pusher may turn into a pull request. */
function convertible(
  s: GithubState,
  repo: Repository,
  key: string,
  number: number,
  login: string,
): IssueRecord {
  const issue = s.issues.find(key, number);
  if (issue === undefined || issue.pull_request !== undefined || issue.state !== 'open') {
    throw validationFailed({ resource: 'PullRequest', code: 'invalid', field: 'issue', value: number });
  }
  if (issue.user.toLowerCase() !== login.toLowerCase() && !hasPermission(s, repo, login, 'push')) {
    throw notAccessible();
  }
  return issue;
}

function pullFilter(c: Context, repo: Repository): (issue: IssueRecord) => boolean {
  const wanted = queryParam(c, 'state') ?? 'open';
  if (!['open', 'closed', 'all'].includes(wanted)) {
    throw validationFailed({ resource: 'PullRequest', code: 'invalid', field: 'state', value: wanted });
  }
  const head = queryParam(c, 'head');
  const [headOwner, headBranch] = head?.includes(':') ? head.split(/:(.*)/s) : [repo.owner, head];
  const base = queryParam(c, 'base');
  return (issue) =>
    issue.pull_request !== undefined &&
    (wanted === 'all' || issue.state === wanted) &&
    (head === undefined ||
      (headOwner.toLowerCase() === repo.owner.toLowerCase() && issue.pull_request.head.ref === headBranch)) &&
    (base === undefined || issue.pull_request.base.ref === base);
}

/** `sort` created (default), updated, popularity (comments) or long-running (oldest open first). */
function sortedPulls(c: Context, pulls: IssueRecord[]): IssueRecord[] {
  const sort = queryParam(c, 'sort') ?? 'created';
  if (!['created', 'updated', 'popularity', 'long-running'].includes(sort)) {
    throw validationFailed({ resource: 'PullRequest', code: 'invalid', field: 'sort', value: sort });
  }
  const direction = queryParam(c, 'direction') ?? (sort === 'created' ? 'desc' : 'asc');
  if (direction !== 'asc' && direction !== 'desc') {
    throw validationFailed({
      resource: 'PullRequest',
      code: 'invalid',
      field: 'direction',
      value: direction,
    });
  }
  const key = (issue: IssueRecord): string | number =>
    sort === 'updated' ? issue.updated_at : sort === 'popularity' ? issue.comments.length : issue.created_at;
  const sign = direction === 'asc' ? 1 : -1;
  return [...pulls].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return sign * (x < y ? -1 : x > y ? 1 : a.number - b.number);
  });
}
