import { describe, expect, it } from '@jest/globals';
import { DEMO_ISSUES, DEMO_REPO, HUBOT_TOKEN, MONA_TOKEN, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';

const REPO = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}`;
const KEY = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);
const numbers = (body: Array<{ number: number }>) => body.map((issue) => issue.number);

describe('the emulated issues API', () => {
  const gh = useGithubEmulator();
  const http = (method: string, path: string, options?: { token?: string; body?: unknown }) =>
    githubHttp(gh.emulator, method, path, options);

  it('lists open issues and pull requests newest first, pull requests marked with pull_request', async () => {
    const { status, body } = await http('GET', `${REPO}/issues`);
    expect(status).toBe(200);
    expect(numbers(body)).toEqual([7, 6, 5, 3, 2, 1]);
    expect(body[0].pull_request).toMatchObject({ merged_at: null });
    expect(body[0].pull_request.url).toMatch(/\/repos\/octo-org\/hello-world\/pulls\/7$/);
    expect(body[1].pull_request).toBeUndefined();
  });

  it('filters the list by state, labels, assignee, creator and milestone, and sorts it', async () => {
    expect(numbers((await http('GET', `${REPO}/issues?state=closed`)).body)).toEqual([4]);
    expect(numbers((await http('GET', `${REPO}/issues?state=all&labels=bug`)).body)).toEqual([3, 2, 1, 4]);
    expect(
      numbers((await http('GET', `${REPO}/issues?labels=good%20first%20issue,documentation`)).body),
    ).toEqual([6]);
    expect(numbers((await http('GET', `${REPO}/issues?assignee=hubot`)).body)).toEqual([1]);
    expect(numbers((await http('GET', `${REPO}/issues?assignee=none&creator=octocat`)).body)).toEqual([
      7, 6, 5, 2,
    ]);
    expect(numbers((await http('GET', `${REPO}/issues?milestone=1`)).body)).toEqual([1]);
    expect(
      numbers((await http('GET', `${REPO}/issues?sort=comments&direction=desc&per_page=2`)).body),
    ).toEqual([1, 3]);
    const refused = await http('GET', `${REPO}/issues?state=sleeping`);
    expect(refused.status).toBe(422);
  });

  it('pages the list with Link headers', async () => {
    const first = await http('GET', `${REPO}/issues?state=all&per_page=3`);
    expect(first.body).toHaveLength(3);
    expect(first.headers.get('link')).toContain('rel="next"');
    const last = await http('GET', `${REPO}/issues?state=all&per_page=3&page=3`);
    expect(numbers(last.body)).toEqual([4]);
    expect(last.headers.get('link')).not.toContain('rel="next"');
  });

  it('answers the issue view of a pull request, and 404 for an unknown number', async () => {
    const pull = await http('GET', `${REPO}/issues/${DEMO_ISSUES.loginPull}`);
    expect(pull.body).toMatchObject({ number: 7, draft: false, pull_request: { merged_at: null } });
    expect(pull.body.node_id).toMatch(/^PR_/);
    expect((await http('GET', `${REPO}/issues/${DEMO_ISSUES.darkMode}`)).body.node_id).toMatch(/^I_/);
    const missing = await http('GET', `${REPO}/issues/999`);
    expect(missing).toMatchObject({ status: 404, body: { message: 'Not Found' } });
  });

  it('requires a title, and refuses the issue without creating anything', async () => {
    const { status, body } = await http('POST', `${REPO}/issues`, { body: { body: 'untitled' } });
    expect(status).toBe(422);
    expect(body).toMatchObject({
      message: 'Validation Failed',
      errors: [{ field: 'title', code: 'missing_field' }],
    });
    expect(gh.emulator.state.issues.list(KEY)).toHaveLength(7);
  });

  it('adds, replaces and removes the labels of an issue; unknown labels are created', async () => {
    const added = await http('POST', `${REPO}/issues/2/labels`, { body: { labels: ['ui'] } });
    expect(added.body.map((label: { name: string }) => label.name)).toEqual(['bug', 'ui']);
    const bare = await http('POST', `${REPO}/issues/2/labels`, { body: ['enhancement'] });
    expect(bare.body.map((label: { name: string }) => label.name)).toEqual(['bug', 'ui', 'enhancement']);
    const replaced = await http('PUT', `${REPO}/issues/2/labels`, { body: { labels: ['documentation'] } });
    expect(replaced.body.map((label: { name: string }) => label.name)).toEqual(['documentation']);
    const removed = await http('DELETE', `${REPO}/issues/2/labels/documentation`);
    expect(removed).toMatchObject({ status: 200, body: [] });
    expect((await http('DELETE', `${REPO}/issues/2/labels/documentation`)).status).toBe(404);
    const repoLabels = (await http('GET', `${REPO}/labels`)).body.map(
      (label: { name: string }) => label.name,
    );
    expect(repoLabels).toEqual(['bug', 'enhancement', 'good first issue', 'documentation', 'ui']);
    const asMona = await http('POST', `${REPO}/issues/2/labels`, {
      token: MONA_TOKEN,
      body: { labels: ['spam'] },
    });
    expect(asMona.status).toBe(403);
    expect(gh.emulator.state.labels.find(KEY, 'spam')).toBeUndefined();
  });

  it('checks who can be assigned, and adds or removes assignees', async () => {
    expect((await http('GET', `${REPO}/assignees/hubot`)).status).toBe(204);
    expect((await http('GET', `${REPO}/assignees/mona`)).status).toBe(404);
    const assignable = (await http('GET', `${REPO}/assignees`)).body.map(
      (user: { login: string }) => user.login,
    );
    expect(assignable).toEqual(['hubot', 'octocat']);
    const added = await http('POST', `${REPO}/issues/2/assignees`, {
      body: { assignees: ['hubot', 'mona'] },
    });
    expect(added.status).toBe(201);
    expect(added.body.assignees.map((user: { login: string }) => user.login)).toEqual(['hubot']);
    const removed = await http('DELETE', `${REPO}/issues/2/assignees`, { body: { assignees: ['hubot'] } });
    expect(removed.body.assignees).toEqual([]);
  });

  it('keeps a locked conversation to collaborators with push access', async () => {
    expect((await http('PUT', `${REPO}/issues/3/lock`, { body: { lock_reason: 'too heated' } })).status).toBe(
      204,
    );
    const refused = await http('POST', `${REPO}/issues/3/comments`, {
      token: MONA_TOKEN,
      body: { body: 'One more thing' },
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'Unable to create comment because issue is locked.' },
    });
    const allowed = await http('POST', `${REPO}/issues/3/comments`, {
      token: HUBOT_TOKEN,
      body: { body: 'Locked for now.' },
    });
    expect(allowed.status).toBe(201);
    const issue = await http('GET', `${REPO}/issues/3`);
    expect(issue.body).toMatchObject({ locked: true, active_lock_reason: 'too heated', comments: 2 });
    expect((await http('DELETE', `${REPO}/issues/3/lock`)).status).toBe(204);
    expect(
      (await http('POST', `${REPO}/issues/3/comments`, { token: MONA_TOKEN, body: { body: 'Thanks' } }))
        .status,
    ).toBe(201);
  });

  it('lets the author edit their issue but not someone else’s', async () => {
    const own = await http('PATCH', `${REPO}/issues/${DEMO_ISSUES.footerLink}`, {
      token: MONA_TOKEN,
      body: { state: 'open' },
    });
    expect(own.body).toMatchObject({ state: 'open', state_reason: 'reopened' });
    const other = await http('PATCH', `${REPO}/issues/${DEMO_ISSUES.darkMode}`, {
      token: MONA_TOKEN,
      body: { title: 'Mine now' },
    });
    expect(other.status).toBe(403);
    expect(gh.emulator.state.issues.find(KEY, DEMO_ISSUES.darkMode)?.title).toBe(
      'Dark mode colours are unreadable',
    );
  });

  it('lists comments oldest first', async () => {
    const { body } = await http('GET', `${REPO}/issues/1/comments`);
    expect(body.map((comment: { user: { login: string } }) => comment.user.login)).toEqual([
      'octocat',
      'hubot',
    ]);
  });
});
