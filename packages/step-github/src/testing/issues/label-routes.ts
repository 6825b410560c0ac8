import type { Context } from '@toolsteps/emulator';
import type { RouteModule } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { GithubApiError, notAccessible, validationFailed } from '../shared/github-api-error.js';
import { paginate } from '../shared/github-pagination.js';
import { type JsonObject, optional, readJson, requireString } from '../shared/github-request.js';
import { hasPermission, refuseIfArchived } from '../shared/repository-access.js';
import { labelNames } from './issue-fields.js';
import { labelJson } from './issue-json.js';
import { issueOf, type RepoContext, repoOf } from './issue-lookup.js';
import type { IssueRecord } from './issues-store.js';
import { emitIssueChanges, snapshotIssue } from './webhook-issue-events.js';

/** A repository's labels, and the labels of one issue. */
export const labelRoutes: RouteModule = (api, state) => {
  api.get('/repos/:owner/:repo/labels', (c) => {
    const { repo, key } = repoOf(c, state());
    return c.json(paginate(c, state().labels.list(key)).map((label) => labelJson(c, repo, label)));
  });

  api.post('/repos/:owner/:repo/labels', async (c) => {
    const s = state();
    const { repo, key } = writer(c, s);
    const body = await readJson(c);
    const name = requireString(body, 'name', 'Label');
    const color = optional<string>(body, 'color', 'string', 'Label')?.replace(/^#/, '');
    if (color !== undefined && !/^[0-9a-f]{6}$/i.test(color)) {
      throw validationFailed({ resource: 'Label', code: 'invalid', field: 'color', value: color });
    }
    if (s.labels.find(key, name) !== undefined) {
      throw validationFailed({ resource: 'Label', code: 'already_exists', field: 'name' });
    }
    const description = optional<string>(body, 'description', 'string', 'Label') ?? null;
    const label = s.labels.add(key, {
      name,
      description,
      ...(color ? { color: color.toLowerCase() } : {}),
    });
    return c.json(labelJson(c, repo, label), 201);
  });

  api.get('/repos/:owner/:repo/issues/:issue_number/labels', (c) => {
    const s = state();
    const { repo, key } = repoOf(c, s);
    return c.json(
      paginate(c, issueLabels(s, key, issueOf(c, s, key))).map((label) => labelJson(c, repo, label)),
    );
  });

  // POST adds to the issue's labels, PUT replaces them; both create unknown labels.
  for (const method of ['post', 'put'] as const) {
    api[method]('/repos/:owner/:repo/issues/:issue_number/labels', async (c) => {
      const s = state();
      const { repo, key } = writer(c, s);
      const issue = issueOf(c, s, key);
      const names = labelNames((await labelsBody(c)).labels, 'Label') ?? [];
      if (method === 'post' && names.length === 0) {
        throw validationFailed({ resource: 'Label', code: 'missing_field', field: 'labels' });
      }
      const kept = method === 'post' ? issue.labels : [];
      const added = names.map((name) => s.labels.ensure(key, name).name);
      const before = snapshotIssue(issue);
      issue.labels = [...new Set([...kept, ...added])];
      s.issues.touch(issue);
      emitIssueChanges(c, s, repo, issue, before);
      return c.json(issueLabels(s, key, issue).map((label) => labelJson(c, repo, label)));
    });
  }

  api.delete('/repos/:owner/:repo/issues/:issue_number/labels/:name', (c) => {
    const s = state();
    const { repo, key } = writer(c, s);
    const issue = issueOf(c, s, key);
    const name = c.req.param('name').toLowerCase();
    if (!issue.labels.some((label) => label.toLowerCase() === name)) {
      throw new GithubApiError(404, 'Label does not exist');
    }
    const before = snapshotIssue(issue);
    issue.labels = issue.labels.filter((label) => label.toLowerCase() !== name);
    s.issues.touch(issue);
    emitIssueChanges(c, s, repo, issue, before);
    return c.json(issueLabels(s, key, issue).map((label) => labelJson(c, repo, label)));
  });
};

/** Label changes need push access (403 otherwise) on a repository that is not archived. */
function writer(c: Context, s: GithubState): RepoContext {
  const context = repoOf(c, s);
  refuseIfArchived(context.repo);
  if (!hasPermission(s, context.repo, context.caller.login, 'push')) {
    throw notAccessible();
  }
  return context;
}

function issueLabels(s: GithubState, key: string, issue: IssueRecord) {
  return issue.labels.flatMap((name) => s.labels.find(key, name) ?? []);
}

/** `{ labels: [...] }`, or the bare array GitHub also accepts. */
async function labelsBody(c: Context): Promise<JsonObject> {
  const text = (await c.req.text()).trim();
  if (text.startsWith('[')) {
    try {
      return { labels: JSON.parse(text) };
    } catch {
      throw new GithubApiError(400, 'Problems parsing JSON');
    }
  }
  return readJson(c);
}
