import { describe, expect, it } from '@jest/globals';
import { updateProjectItemStatus } from '../../src/steps/update-project-item-status.js';
import { DEMO_ISSUES } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { projectState } from './project-state.js';

/** octo-org's project #1 "Roadmap" holds issue #1 (Todo) and #2 (In Progress). */
const ROADMAP = { owner: 'octo-org', project_number: 1, repository: 'hello-world' };

describe('github.update_project_item_status names the input that found nothing', () => {
  const gh = useGithubEmulator();
  const projects = projectState(() => gh.emulator.state);

  /** Runs the step, expects not_found, and checks that no mutation was sent and nothing changed. */
  async function notFound(input: Record<string, unknown>) {
    const before = projects.snapshot();
    const outcome = await gh.run(updateProjectItemStatus, input);
    expect(outcome.error?.code).toBe('not_found');
    expect(projects.snapshot()).toEqual(before);
    expect(
      gh.emulator.requests.filter((request) => JSON.stringify(request.body).includes('mutation')),
    ).toEqual([]);
    return outcome.error!;
  }

  it.each([
    ['an owner with no such project', { project_number: 9 }, 'project_number', 'ProjectV2 with the number 9'],
    ['an unknown repository', { repository: 'no-such-repo' }, 'repository', "'octo-org/no-such-repo'"],
    ['an unknown issue number', { issue_number: 99 }, 'issue_number', 'with the number of 99'],
  ])('points GitHub’s GraphQL error for %s at the field', async (_what, change, field, quoted) => {
    const error = await notFound({ ...ROADMAP, issue_number: 1, status: 'Done', ...change });
    expect(error.field).toBe(`/steps/0/args/${field}`);
    expect(error.message).toContain(quoted);
  });

  /** A 200 answer whose data has a null where GitHub could not resolve something, without errors. */
  const answerWith = (data: Record<string, unknown>) =>
    gh.emulator.faults.inject({ method: 'POST', path: '/graphql', status: 200, body: { data } });
  const issueOne = {
    issueOrPullRequest: {
      __typename: 'Issue',
      id: 'I_1',
      projectItems: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } },
    },
  };
  const roadmap = {
    id: 'PVT_1',
    title: 'Roadmap',
    field: {
      __typename: 'ProjectV2SingleSelectField',
      id: 'F_1',
      name: 'Status',
      options: [{ id: 'o1', name: 'Done' }],
    },
  };

  it('says the owner exists but has no such project, when GitHub answers a null project', async () => {
    answerWith({ repositoryOwner: { login: 'octo-org', projectV2: null }, repository: issueOne });
    const error = await notFound({ ...ROADMAP, project_number: 9, issue_number: 1, status: 'Done' });
    expect(error.field).toBe('/steps/0/args/project_number');
    expect(error.message).toBe('octo-org has no project #9 that this account can see');
  });

  it('says no user or organization has the login, when GitHub answers a null owner', async () => {
    answerWith({ repositoryOwner: null, repository: issueOne });
    const error = await notFound({ ...ROADMAP, owner: 'no-such-org', issue_number: 1, status: 'Done' });
    expect(error.field).toBe('/steps/0/args/owner');
    expect(error.message).toContain('no user or organization named no-such-org');
  });

  it('names the issue number when GitHub answers a null issue', async () => {
    answerWith({
      repositoryOwner: { login: 'octo-org', projectV2: roadmap },
      repository: { issueOrPullRequest: null },
    });
    const error = await notFound({ ...ROADMAP, issue_number: 42, status: 'Done' });
    expect(error.field).toBe('/steps/0/args/issue_number');
    expect(error.message).toBe('octo-org/hello-world has no issue or pull request #42');
  });

  it('names the repository when GitHub answers a null repository', async () => {
    answerWith({ repositoryOwner: { login: 'octo-org', projectV2: roadmap }, repository: null });
    const error = await notFound({ ...ROADMAP, repository: 'gone', issue_number: 1, status: 'Done' });
    expect(error.field).toBe('/steps/0/args/repository');
    expect(error.message).toBe('GitHub has no repository octo-org/gone that this account can see');
  });
});

describe('github.update_project_item_status sends its idempotent mutations again after a failure', () => {
  // Retries wait on the test's fake clock, not in real time.
  const gh = useGithubEmulator({ fakeClock: true });
  const projects = projectState(() => gh.emulator.state);
  const sent = () =>
    gh.emulator.requests.map((request) => {
      const query = (request.body as { query: string }).query;
      const operation = /(addProjectV2ItemById|updateProjectV2ItemFieldValue)/.exec(query)?.[1] ?? 'query';
      return `${operation} ${request.status}`;
    });
  /** Lets the first `passing` GraphQL requests through, then fails the next one with a 502. */
  const failAfter = (passing: number) => {
    for (let index = 0; index < passing; index++) {
      gh.emulator.faults.inject({ method: 'POST', path: '/graphql', delayMs: 0 });
    }
    gh.emulator.faults.inject({ method: 'POST', path: '/graphql', status: 502 });
  };

  it('sets the status again after a 502 on updateProjectV2ItemFieldValue', async () => {
    failAfter(1);
    const outcome = await gh.run(updateProjectItemStatus, {
      ...ROADMAP,
      issue_number: DEMO_ISSUES.safariCrash,
      status: 'Done',
    });
    expect(outcome.result).toMatchObject({ status: 'Done', added: false });
    expect(sent()).toEqual([
      'query 200',
      'updateProjectV2ItemFieldValue 502',
      'updateProjectV2ItemFieldValue 200',
    ]);
    expect(projects.status('octo-org', 1, DEMO_ISSUES.safariCrash)).toBe('Done');
  });

  it('adds the issue again after a 502 on addProjectV2ItemById, leaving one item', async () => {
    failAfter(1);
    const outcome = await gh.run(updateProjectItemStatus, {
      ...ROADMAP,
      issue_number: DEMO_ISSUES.sessionExpiry,
      status: 'Done',
      add_if_missing: true,
    });
    expect(outcome.result).toMatchObject({ status: 'Done', added: true });
    expect(sent()).toEqual([
      'query 200',
      'addProjectV2ItemById 502',
      'addProjectV2ItemById 200',
      'updateProjectV2ItemFieldValue 200',
    ]);
    const items = projects
      .project('octo-org', 1)
      .items.filter((item) => item.number === DEMO_ISSUES.sessionExpiry);
    expect(items).toHaveLength(1);
    expect(projects.status('octo-org', 1, DEMO_ISSUES.sessionExpiry)).toBe('Done');
  });
});
