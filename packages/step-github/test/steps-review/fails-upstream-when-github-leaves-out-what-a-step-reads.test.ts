import { describe, expect, it } from '@jest/globals';
import type { StepErrorJson } from '@toolsteps/engine';
import { getIssueAssignees } from '../../src/steps/get-issue-assignees.js';
import { getReviewers } from '../../src/steps/get-reviewers.js';
import { searchIssues } from '../../src/steps/search-issues.js';
import { updateProjectItemStatus } from '../../src/steps/update-project-item-status.js';
import { DEMO_ISSUES, DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';

const ISSUE_PATH = `/repos/octo-org/hello-world/issues/${DEMO_ISSUES.safariCrash}`;

describe('an answer without a field a step reads fails upstream, naming the endpoint and the field', () => {
  const gh = useGithubEmulator();

  /** GitHub's real answer for `path`, with `change` applied, served once in its place. */
  async function answerWithout(method: string, path: string, change: (body: any) => void) {
    const { body } = await githubHttp(gh.emulator, method, path);
    change(body);
    gh.emulator.faults.inject({ method, path: path.split('?')[0], status: 200, body });
  }

  function expectUpstream(error: StepErrorJson | undefined, endpoint: string, pointer: string) {
    expect(error).toMatchObject({ code: 'upstream', retryable: false });
    expect(error?.message).toContain(`GitHub answered ${endpoint} without what the step reads: ${pointer}`);
    expect(error?.message).not.toMatch(/Cannot read properties|TypeError/);
  }

  it('get_issue_assignees: an issue without assignee is no TypeError, and is not retried', async () => {
    await answerWithout('GET', ISSUE_PATH, (issue) => {
      delete issue.assignee;
      delete issue.assignees;
    });
    const outcome = await gh.run(getIssueAssignees, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.safariCrash,
    });
    expectUpstream(outcome.error, `GET ${ISSUE_PATH}`, '/assignee is missing');
    expect(outcome.exchanges).toHaveLength(1);
  });

  it('get_issue_assignees: an issue without user is fine, the step does not read it', async () => {
    await answerWithout('GET', ISSUE_PATH, (issue) => {
      delete issue.user;
    });
    const outcome = await gh.run(getIssueAssignees, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.safariCrash,
    });
    expect(outcome.result).toMatchObject({ number: DEMO_ISSUES.safariCrash, logins: ['hubot'] });
  });

  it('search_issues: a found issue without user names the search endpoint, not the step', async () => {
    const q = 'repo:octo-org/hello-world is:issue';
    await answerWithout('GET', `/search/issues?q=${encodeURIComponent(q)}`, (page) => {
      delete page.items[0].user;
    });
    const outcome = await gh.run(searchIssues, { q });
    expectUpstream(outcome.error, 'GET /search/issues', '/items/0/user is missing');
    expect(outcome.error?.details).toMatchObject({
      method: 'GET',
      path: '/search/issues',
      violations: [{ pointer: '/items/0/user' }],
    });
  });

  it('get_reviewers: a requested reviewer without login', async () => {
    const path = `/repos/octo-org/hello-world/pulls/${DEMO_ISSUES.loginPull}/requested_reviewers`;
    await answerWithout('GET', path, (requested) => {
      delete requested.users[0].login;
    });
    const outcome = await gh.run(getReviewers, { ...DEMO_REPO, pull_number: DEMO_ISSUES.loginPull });
    expectUpstream(outcome.error, `GET ${path}`, '/users/0/login is missing');
  });

  it('update_project_item_status: a GraphQL answer whose issue lacks projectItems', async () => {
    gh.emulator.faults.inject({
      method: 'POST',
      path: '/graphql',
      status: 200,
      body: {
        data: {
          repositoryOwner: {
            login: 'octo-org',
            projectV2: {
              id: 'PVT_1',
              title: 'Roadmap',
              field: {
                __typename: 'ProjectV2SingleSelectField',
                id: 'F_1',
                name: 'Status',
                options: [{ id: 'o1', name: 'Done' }],
              },
            },
          },
          repository: { issueOrPullRequest: { __typename: 'Issue', id: 'I_1' } },
        },
      },
    });
    const outcome = await gh.run(updateProjectItemStatus, {
      owner: 'octo-org',
      project_number: 1,
      repository: 'hello-world',
      issue_number: DEMO_ISSUES.safariCrash,
      status: 'Done',
    });
    expectUpstream(
      outcome.error,
      'POST /graphql',
      '/data/repository/issueOrPullRequest/projectItems is missing',
    );
  });

  it('update_project_item_status: a single-select field without its options', async () => {
    gh.emulator.faults.inject({
      method: 'POST',
      path: '/graphql',
      status: 200,
      body: {
        data: {
          repositoryOwner: {
            login: 'octo-org',
            projectV2: {
              id: 'PVT_1',
              title: 'Roadmap',
              field: { __typename: 'ProjectV2SingleSelectField', id: 'F_1', name: 'Status' },
            },
          },
          repository: {
            issueOrPullRequest: {
              __typename: 'Issue',
              id: 'I_1',
              projectItems: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } },
            },
          },
        },
      },
    });
    const outcome = await gh.run(updateProjectItemStatus, {
      owner: 'octo-org',
      project_number: 1,
      repository: 'hello-world',
      issue_number: DEMO_ISSUES.safariCrash,
      status: 'Done',
    });
    expectUpstream(
      outcome.error,
      'POST /graphql',
      '/data/repositoryOwner/projectV2/field/options is missing',
    );
  });
});
