import type { AnyStep } from '@toolsteps/engine';
import { apiCall } from '../../src/steps/api-call.js';
import { createBranch } from '../../src/steps/create-branch.js';
import { createGist } from '../../src/steps/create-gist.js';
import { createIssue } from '../../src/steps/create-issue.js';
import { createIssueComment } from '../../src/steps/create-issue-comment.js';
import { createOrUpdateFile } from '../../src/steps/create-or-update-file.js';
import { createPullRequest } from '../../src/steps/create-pull-request.js';
import { createRepository } from '../../src/steps/create-repository.js';
import { createWorkflowDispatch } from '../../src/steps/create-workflow-dispatch.js';
import { disableWorkflow } from '../../src/steps/disable-workflow.js';
import { enableWorkflow } from '../../src/steps/enable-workflow.js';
import { getCommit } from '../../src/steps/get-commit.js';
import { getIssueAssignees } from '../../src/steps/get-issue-assignees.js';
import { getRepository } from '../../src/steps/get-repository.js';
import { getRepositoryContent } from '../../src/steps/get-repository-content.js';
import { getReviewers } from '../../src/steps/get-reviewers.js';
import { getWorkflowRun } from '../../src/steps/get-workflow-run.js';
import { listCommits } from '../../src/steps/list-commits.js';
import { listGistsForUser } from '../../src/steps/list-gists-for-user.js';
import { listReleases } from '../../src/steps/list-releases.js';
import { listWorkflowRuns } from '../../src/steps/list-workflow-runs.js';
import { searchIssues } from '../../src/steps/search-issues.js';
import { starRepo } from '../../src/steps/star-repo.js';
import { updateGist } from '../../src/steps/update-gist.js';
import { updateIssue } from '../../src/steps/update-issue.js';
import { updateProjectItemStatus } from '../../src/steps/update-project-item-status.js';

type Results = Record<string, any>;

/** One step call of the walk: its input may use what earlier calls returned (by label). */
export interface StepCall {
  label: string;
  step: AnyStep;
  input: (results: Results) => Record<string, unknown>;
}

const REPO = { owner: 'octo-org', repo: 'hello-world' };
const ACCEPT = { accept: 'application/vnd.github+json' };
const api = (
  label: string,
  method: string,
  endpoint: (results: Results) => string,
  body?: (results: Results) => unknown,
): StepCall => ({
  label,
  step: apiCall,
  input: (results) => ({
    method,
    endpoint: endpoint(results),
    headers: ACCEPT,
    ...(body === undefined ? {} : { body: body(results) }),
  }),
});

/**
 * Every step, in an order where each call can use what the earlier ones made, with the inputs a
 * user would give: the fidelity test checks each request and answer against GitHub's description.
 */
export const STEP_CALLS: StepCall[] = [
  {
    label: 'newRepo',
    step: createRepository,
    input: () => ({ name: 'fidelity-check', auto_init: true, description: 'Made by the fidelity test' }),
  },
  {
    label: 'orgRepo',
    step: createRepository,
    input: () => ({ name: 'fidelity-org', org: 'octo-org', private: true }),
  },
  { label: 'repo', step: getRepository, input: () => REPO },
  { label: 'readme', step: getRepositoryContent, input: () => ({ ...REPO, path: 'README.md' }) },
  { label: 'srcDir', step: getRepositoryContent, input: () => ({ ...REPO, path: 'src', ref: 'main' }) },
  { label: 'star', step: starRepo, input: () => ({ owner: 'octocat', repo: 'spoon-knife' }) },
  { label: 'branch', step: createBranch, input: () => ({ ...REPO, branch: 'fidelity', from: 'main' }) },
  { label: 'tagBranch', step: createBranch, input: () => ({ ...REPO, branch: 'from-tag', from: 'v1.0.0' }) },
  { label: 'commit', step: getCommit, input: () => ({ ...REPO, ref: 'main' }) },
  { label: 'commits', step: listCommits, input: () => ({ ...REPO, path: 'README.md', per_page: 2 }) },
  {
    label: 'allCommits',
    step: listCommits,
    input: () => ({ ...REPO, sha: 'main', all: true, per_page: 1, limit: 3 }),
  },
  {
    label: 'file',
    step: createOrUpdateFile,
    input: () => ({
      ...REPO,
      path: 'docs/fidelity.md',
      content: '# Fidelity\n',
      message: 'Add fidelity notes',
      branch: 'fidelity',
    }),
  },
  {
    label: 'fileAgain',
    step: createOrUpdateFile,
    input: () => ({
      ...REPO,
      path: 'docs/fidelity.md',
      content: '# Fidelity\n\nChecked.\n',
      message: 'Update fidelity notes',
      branch: 'fidelity',
    }),
  },
  {
    label: 'issue',
    step: createIssue,
    input: () => ({
      ...REPO,
      title: 'Fidelity check',
      body: 'Filed by a test',
      labels: ['bug'],
      assignees: ['hubot'],
    }),
  },
  {
    label: 'comment',
    step: createIssueComment,
    input: (r) => ({ ...REPO, issue_number: r.issue.number, body: 'Looking into it' }),
  },
  { label: 'assignees', step: getIssueAssignees, input: (r) => ({ ...REPO, issue_number: r.issue.number }) },
  {
    label: 'search',
    step: searchIssues,
    input: () => ({
      q: 'repo:octo-org/hello-world is:issue is:open label:bug',
      sort: 'created',
      order: 'desc',
      per_page: 2,
    }),
  },
  {
    label: 'allSearch',
    step: searchIssues,
    input: () => ({ q: 'repo:octo-org/hello-world', all: true, per_page: 2, limit: 5 }),
  },
  {
    label: 'pull',
    step: createPullRequest,
    input: () => ({ ...REPO, head: 'fidelity', base: 'main', title: 'Fidelity notes', body: 'Adds notes' }),
  },
  api(
    'reviewRequest',
    'POST',
    (r) => `/repos/octo-org/hello-world/pulls/${r.pull.number}/requested_reviewers`,
    () => ({ reviewers: ['hubot'] }),
  ),
  { label: 'reviewers', step: getReviewers, input: (r) => ({ ...REPO, pull_number: r.pull.number }) },
  {
    label: 'status',
    step: updateProjectItemStatus,
    input: (r) => ({
      owner: 'octo-org',
      project_number: 1,
      repository: 'hello-world',
      issue_number: r.issue.number,
      status: 'In Progress',
      add_if_missing: true,
    }),
  },
  {
    label: 'closed',
    step: updateIssue,
    input: (r) => ({ ...REPO, issue_number: r.issue.number, state: 'closed', state_reason: 'completed' }),
  },
  { label: 'disabled', step: disableWorkflow, input: () => ({ ...REPO, workflow_id: 'ci.yml' }) },
  { label: 'enabled', step: enableWorkflow, input: () => ({ ...REPO, workflow_id: 'ci.yml' }) },
  {
    label: 'dispatch',
    step: createWorkflowDispatch,
    input: () => ({ ...REPO, workflow_id: 'deploy.yml', ref: 'main', inputs: { environment: 'staging' } }),
  },
  {
    label: 'runs',
    step: listWorkflowRuns,
    input: () => ({ ...REPO, workflow_id: 'deploy.yml', event: 'workflow_dispatch', per_page: 5 }),
  },
  {
    label: 'allRuns',
    step: listWorkflowRuns,
    input: () => ({ ...REPO, status: 'completed', branch: 'main', all: true, per_page: 1, limit: 2 }),
  },
  { label: 'run', step: getWorkflowRun, input: (r) => ({ ...REPO, run_id: r.runs.workflow_runs[0].id }) },
  {
    label: 'gist',
    step: createGist,
    input: () => ({ description: 'Fidelity', public: true, files: { 'a.md': '# A', 'b.txt': 'b' } }),
  },
  {
    label: 'gistUpdate',
    step: updateGist,
    input: (r) => ({
      gist_id: r.gist.id,
      description: 'Fidelity, updated',
      files: { 'a.md': '# A, again', 'b.txt': null },
    }),
  },
  { label: 'gists', step: listGistsForUser, input: () => ({ username: 'octocat', per_page: 2 }) },
  { label: 'releases', step: listReleases, input: () => ({ ...REPO, all: true, per_page: 1 }) },
  api('rateLimit', 'GET', () => '/rate_limit'),
  api('permission', 'GET', () => '/repos/octo-org/hello-world/collaborators/hubot/permission'),
  api(
    'addCollaborator',
    'PUT',
    () => '/repos/octo-org/hello-world/collaborators/mona',
    () => ({ permission: 'triage' }),
  ),
  api('removeCollaborator', 'DELETE', () => '/repos/octo-org/hello-world/collaborators/mona'),
  api('issues', 'GET', () => '/repos/octo-org/hello-world/issues?state=all&per_page=5'),
  api('issueRead', 'GET', (r) => `/repos/octo-org/hello-world/issues/${r.issue.number}`),
  api('pulls', 'GET', () => '/repos/octo-org/hello-world/pulls?state=open'),
  api('pullRead', 'GET', (r) => `/repos/octo-org/hello-world/pulls/${r.pull.number}`),
  api(
    'pullEdit',
    'PATCH',
    (r) => `/repos/octo-org/hello-world/pulls/${r.pull.number}`,
    () => ({ body: 'Adds notes, reviewed' }),
  ),
  api(
    'merge',
    'PUT',
    (r) => `/repos/octo-org/hello-world/pulls/${r.pull.number}/merge`,
    () => ({ merge_method: 'merge' }),
  ),
  api('branches', 'GET', () => '/repos/octo-org/hello-world/branches'),
  api('mainBranch', 'GET', () => '/repos/octo-org/hello-world/branches/main'),
  api(
    'ref',
    'POST',
    () => '/repos/octo-org/hello-world/git/refs',
    (r) => ({ ref: 'refs/heads/fidelity-ref', sha: r.commit.sha }),
  ),
  api('fileRead', 'GET', () => '/repos/octo-org/hello-world/contents/docs/fidelity.md?ref=fidelity'),
  api(
    'fileDelete',
    'DELETE',
    () => '/repos/octo-org/hello-world/contents/docs/fidelity.md',
    (r) => ({
      message: 'Remove fidelity notes',
      sha: r.fileRead.body.sha,
      branch: 'fidelity',
    }),
  ),
];
