import { describe, expect, it } from '@jest/globals';
import type { AnyStep } from '@toolsteps/engine';
import { createBranch } from '../../src/steps/create-branch.js';
import { createGist } from '../../src/steps/create-gist.js';
import { createIssue } from '../../src/steps/create-issue.js';
import { createIssueComment } from '../../src/steps/create-issue-comment.js';
import { createOrUpdateFile } from '../../src/steps/create-or-update-file.js';
import { createPullRequest } from '../../src/steps/create-pull-request.js';
import { createRepository } from '../../src/steps/create-repository.js';
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
import { updateGist } from '../../src/steps/update-gist.js';
import { updateIssue } from '../../src/steps/update-issue.js';
import { component, part, response, type Schema, stricterThan } from './github-answer-schemas.js';

/** [label, step, part of its output, GitHub's schema for that part]. */
const CASES: Array<[string, AnyStep, string, Schema]> = [
  ['POST /user/repos', createRepository, '', response('post', '/user/repos', 201)],
  ['POST /orgs/{org}/repos', createRepository, '', response('post', '/orgs/{org}/repos', 201)],
  ['GET /repos/{owner}/{repo}', getRepository, '', response('get', '/repos/{owner}/{repo}', 200)],
  ['a file', getRepositoryContent, 'file', component('content-file')],
  ['a symlink', getRepositoryContent, 'file', component('content-symlink')],
  ['a submodule', getRepositoryContent, 'file', component('content-submodule')],
  ['a folder', getRepositoryContent, 'entries[]', part(component('content-directory'), '[]')],
  ['POST git/refs', createBranch, '', response('post', '/repos/{owner}/{repo}/git/refs', 201)],
  ['GET commits/{ref}', getCommit, '', response('get', '/repos/{owner}/{repo}/commits/{ref}', 200)],
  [
    'GET commits',
    listCommits,
    'commits[]',
    part(response('get', '/repos/{owner}/{repo}/commits', 200), '[]'),
  ],
  ...[200, 201].map((status): [string, AnyStep, string, Schema] => [
    `PUT contents ${status}`,
    createOrUpdateFile,
    '',
    response('put', '/repos/{owner}/{repo}/contents/{path}', status),
  ]),
  ['POST issues', createIssue, '', response('post', '/repos/{owner}/{repo}/issues', 201)],
  [
    'PATCH issues/{n}',
    updateIssue,
    '',
    response('patch', '/repos/{owner}/{repo}/issues/{issue_number}', 200),
  ],
  [
    'POST comments',
    createIssueComment,
    '',
    response('post', '/repos/{owner}/{repo}/issues/{issue_number}/comments', 201),
  ],
  ['assignees', getIssueAssignees, 'assignees[]', component('simple-user')],
  ['assignee', getIssueAssignees, 'assignee', component('nullable-simple-user')],
  ['GET search/issues', searchIssues, 'items[]', part(response('get', '/search/issues', 200), 'items[]')],
  ['POST pulls', createPullRequest, '', response('post', '/repos/{owner}/{repo}/pulls', 201)],
  ...['users', 'teams'].map((list): [string, AnyStep, string, Schema] => [
    `requested ${list}`,
    getReviewers,
    `requested_${list}[]`,
    part(response('get', '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', 200), `${list}[]`),
  ]),
  [
    'GET reviews',
    getReviewers,
    'reviews[]',
    part(response('get', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', 200), '[]'),
  ],
  ...[enableWorkflow, disableWorkflow].map((step): [string, AnyStep, string, Schema] => [
    'GET workflows/{id}',
    step,
    '',
    response('get', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}', 200),
  ]),
  ['GET runs/{id}', getWorkflowRun, '', response('get', '/repos/{owner}/{repo}/actions/runs/{run_id}', 200)],
  ['GET actions/runs', listWorkflowRuns, '', response('get', '/repos/{owner}/{repo}/actions/runs', 200)],
  [
    'GET workflows/{id}/runs',
    listWorkflowRuns,
    '',
    response('get', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs', 200),
  ],
  ['POST /gists', createGist, '', response('post', '/gists', 201)],
  ['PATCH /gists/{id}', updateGist, '', response('patch', '/gists/{gist_id}', 200)],
  [
    'GET users/{u}/gists',
    listGistsForUser,
    'gists[]',
    part(response('get', '/users/{username}/gists', 200), '[]'),
  ],
  [
    'GET releases',
    listReleases,
    'releases[]',
    part(response('get', '/repos/{owner}/{repo}/releases', 200), '[]'),
  ],
];

describe('step outputs accept every answer GitHub documents', () => {
  it.each(
    CASES.map(([label, step, where, theirs]) => [`${step.id} (${label})`, step, where, theirs] as const),
  )('%s declares no output field stricter than GitHub', (label, step, where, theirs) => {
    const problems: string[] = [];
    stricterThan(
      part(step.output as Schema, where),
      theirs,
      `${step.id}${where ? `.${where}` : ''}`,
      problems,
    );
    expect({ label, problems }).toEqual({ label, problems: [] });
  });

  it('finds a stricter field when there is one', () => {
    const problems: string[] = [];
    const ours = {
      type: 'object',
      required: ['body', 'color'],
      properties: { body: { type: 'string' }, color: { type: 'string' }, count: { type: 'integer' } },
    };
    const theirs = {
      type: 'object',
      required: ['color'],
      properties: {
        body: { type: 'string' },
        color: { type: 'string', nullable: true },
        count: { type: 'number' },
      },
    };
    stricterThan(ours, theirs, 'x', problems);
    expect(problems).toEqual([
      'x.body: GitHub may leave it out',
      'x.color: GitHub may send null',
      'x.count: GitHub sends number',
    ]);
  });
});
