import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

type Schema = Record<string, any>;

const DOCUMENT: Schema = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json'),
    'utf8',
  ),
);

/** Follows `$ref`s to the schema they name, and merges an `allOf` into one object schema. */
function resolved(schema: Schema): Schema {
  let current = schema;
  while (current?.$ref !== undefined) {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Schema, key: string) => node[key], DOCUMENT);
  }
  if (current?.allOf === undefined) return current ?? {};
  const parts: Schema[] = current.allOf.map(resolved);
  return {
    type: 'object',
    nullable: current.nullable,
    properties: Object.assign({}, ...parts.map((one) => one.properties ?? {})),
    required: parts.flatMap((one) => one.required ?? []),
  };
}

/** The documented answer of an operation, e.g. `response('post', '/gists', 201)`. */
function response(method: string, path: string, status: number): Schema {
  const answer = resolved(DOCUMENT.paths[path][method].responses[String(status)]);
  return resolved(answer.content['application/json'].schema);
}

const component = (name: string): Schema => resolved({ $ref: `#/components/schemas/${name}` });

/** A part of a schema: `commits[]` is the items of property commits, `[]` the items of an array. */
function part(schema: Schema, where: string): Schema {
  return where
    .split('.')
    .filter((step) => step !== '')
    .reduce((node, step) => {
      const name = step.replace(/\[\]$/, '');
      const property = name === '' ? node : resolved(resolved(node).properties[name]);
      return step.endsWith('[]') ? resolved(property.items) : property;
    }, schema);
}

const typeOf = (schema: Schema): string | undefined =>
  schema.type ?? (schema.properties !== undefined ? 'object' : undefined);

/** Our branch that takes what GitHub sends as `type` (an integer fits a number, not the reverse). */
function branchFor(ours: Schema, type: string | undefined): Schema | undefined {
  const branches: Schema[] = ours.anyOf ?? [ours];
  if (branches.some((branch) => typeOf(branch) === undefined && branch.const === undefined)) return {};
  return branches.find(
    (branch) => typeOf(branch) === type || (typeOf(branch) === 'number' && type === 'integer'),
  );
}

const acceptsNull = (ours: Schema): boolean =>
  (ours.anyOf ?? [ours]).some((branch: Schema) => branch.type === 'null' || typeOf(branch) === undefined);

/**
 * Where our output schema refuses something GitHub's description allows: a property we require
 * that GitHub may leave out, a null GitHub may send, or another type. Properties GitHub does not
 * describe (the step's own additions) are not compared.
 */
function stricterThan(ours: Schema, theirs: Schema, at: string, problems: string[]): void {
  const documented = resolved(theirs);
  const alternatives = documented.oneOf ?? documented.anyOf;
  if (documented.nullable === true && !acceptsNull(ours)) problems.push(`${at}: GitHub may send null`);
  if (alternatives !== undefined) {
    for (const alternative of alternatives) stricterThan(ours, alternative, at, problems);
    return;
  }
  if (typeOf(documented) === undefined) return;
  const mine = branchFor(ours, typeOf(documented));
  if (mine === undefined) {
    problems.push(`${at}: GitHub sends ${typeOf(documented)}`);
    return;
  }
  if (typeOf(mine) === 'object') {
    const properties: Schema = documented.properties ?? {};
    for (const [name, schema] of Object.entries<Schema>(mine.properties ?? {})) {
      if (properties[name] === undefined) continue;
      if (mine.required?.includes(name) && !documented.required?.includes(name)) {
        problems.push(`${at}.${name}: GitHub may leave it out`);
      }
      stricterThan(schema, properties[name], `${at}.${name}`, problems);
    }
    const values = Object.values<Schema>(mine.patternProperties ?? {})[0];
    if (values !== undefined && typeof documented.additionalProperties === 'object') {
      stricterThan(values, documented.additionalProperties, `${at}.*`, problems);
    }
  }
  if (typeOf(mine) === 'array' && documented.items !== undefined) {
    stricterThan(mine.items, documented.items, `${at}[]`, problems);
  }
}

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
