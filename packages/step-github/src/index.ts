import { defineIntegration } from '@toolsteps/sdk';
import {
  GithubConnection,
  githubBaseUrl,
  githubGraphqlRoot,
  rateLimitWaitMs,
  writeIntervalMs,
} from './connection.js';
import { githubConnect, githubExpiringToken } from './github-connect.js';
import { githubQuota, secondaryRateLimit } from './rate-limits.js';
import { apiCall } from './steps/api-call.js';
import { createBranch } from './steps/create-branch.js';
import { createGist } from './steps/create-gist.js';
import { createIssue } from './steps/create-issue.js';
import { createIssueComment } from './steps/create-issue-comment.js';
import { createOrUpdateFile } from './steps/create-or-update-file.js';
import { createPullRequest } from './steps/create-pull-request.js';
import { createRepository } from './steps/create-repository.js';
import { createWorkflowDispatch } from './steps/create-workflow-dispatch.js';
import { disableWorkflow } from './steps/disable-workflow.js';
import { enableWorkflow } from './steps/enable-workflow.js';
import { getCommit } from './steps/get-commit.js';
import { getIssueAssignees } from './steps/get-issue-assignees.js';
import { getRepository } from './steps/get-repository.js';
import { getRepositoryContent } from './steps/get-repository-content.js';
import { getReviewers } from './steps/get-reviewers.js';
import { getWorkflowRun } from './steps/get-workflow-run.js';
import { listCommits } from './steps/list-commits.js';
import { listGistsForUser } from './steps/list-gists-for-user.js';
import { listReleases } from './steps/list-releases.js';
import { listWorkflowRuns } from './steps/list-workflow-runs.js';
import { searchIssues } from './steps/search-issues.js';
import { starRepo } from './steps/star-repo.js';
import { updateGist } from './steps/update-gist.js';
import { updateIssue } from './steps/update-issue.js';
import { updateProjectItemStatus } from './steps/update-project-item-status.js';
import { githubTriggers } from './triggers/index.js';
import { githubWebhooks } from './webhooks/github-webhooks.js';

/** GitHub's REST API (and the Projects v2 part of GraphQL). */
const github = defineIntegration({
  id: 'github',
  title: 'GitHub',
  description:
    'Code hosting: repositories, branches, commits, issues, pull requests, workflows, gists, releases.',
  status: 'stable',
  connection: GithubConnection,
  // An OAuth access token from the authorization grant, or a fine-grained token: both are Bearer tokens.
  auth: { kind: 'token' },
  // A GitHub App's expiring user token comes with a refresh token: it is refreshed where it was granted.
  authOf: (account) =>
    account.credentials.refreshToken === undefined ? { kind: 'token' } : githubExpiringToken,
  connect: githubConnect,
  http: (account) => ({
    baseUrl: githubBaseUrl(account),
    endpoints: { graphql: githubGraphqlRoot(account) },
    headers: {
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'user-agent': 'toolsteps',
    },
    maxRetryDelayMs: rateLimitWaitMs(account),
    // GitHub asks integrations not to send mutating requests concurrently for one account, and to
    // space them a second apart. The hourly budget is the one GitHub reports (x-ratelimit-*), which
    // the engine counts down and honours.
    rateLimit: { concurrency: 4, writeConcurrency: 1, writeIntervalMs: writeIntervalMs(account) },
    rateLimitRefusal: secondaryRateLimit,
    quotaOf: githubQuota,
  }),
  emulate: async (options) => {
    const { startGithubEmulator } = await import('./testing/index.js');
    return startGithubEmulator(options);
  },
  // In the order the code host's steps are grouped: repository, branch and commit, issue, pull request,
  // workflow, gist, release, custom.
  steps: [
    createRepository,
    getRepository,
    getRepositoryContent,
    starRepo,
    createBranch,
    getCommit,
    listCommits,
    createOrUpdateFile,
    createIssue,
    createIssueComment,
    updateIssue,
    getIssueAssignees,
    searchIssues,
    createPullRequest,
    getReviewers,
    updateProjectItemStatus,
    createWorkflowDispatch,
    enableWorkflow,
    disableWorkflow,
    getWorkflowRun,
    listWorkflowRuns,
    createGist,
    updateGist,
    listGistsForUser,
    listReleases,
    apiCall,
  ],
  // In the order of the issue's table; webhook triggers register one hook per binding (githubWebhooks).
  triggers: githubTriggers,
  webhooks: githubWebhooks,
});

export default github;

// Each trigger by name, and how GitHub's webhooks are registered and verified.
export * from './triggers/index.js';
export { githubWebhooks } from './webhooks/github-webhooks.js';
// Each step by name, so `import { createIssue } from '@toolsteps/step-github'` brings its integration along.
export {
  apiCall,
  createBranch,
  createGist,
  createIssue,
  createIssueComment,
  createOrUpdateFile,
  createPullRequest,
  createRepository,
  createWorkflowDispatch,
  disableWorkflow,
  enableWorkflow,
  getCommit,
  getIssueAssignees,
  getRepository,
  getRepositoryContent,
  getReviewers,
  getWorkflowRun,
  listCommits,
  listGistsForUser,
  listReleases,
  listWorkflowRuns,
  searchIssues,
  starRepo,
  updateGist,
  updateIssue,
  updateProjectItemStatus,
};
