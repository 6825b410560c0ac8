import { describe, expect, it, jest } from '@jest/globals';
import type { AnyStep, HttpClient, HttpRequest, Integration, TSchema } from '@toolsteps/engine';
import { testStep } from '@toolsteps/engine/testing';
import github from '../../src/index.js';
import { AddItemData, ByIdsData, ByNamesData, MoreItemsData } from '../../src/project-status-data.js';
import { ADD_ITEM, BY_IDS, BY_NAMES, MORE_ITEMS } from '../../src/project-status-queries.js';
import { createBranch } from '../../src/steps/create-branch.js';
import { createGithubEmulator } from '../../src/testing/index.js';
import { GithubOpenApi } from '../fidelity/github-openapi.js';
import { STEP_CALLS, type StepCall } from '../fidelity/github-step-calls.js';
import { response, type Schema, stricterThan } from './github-answer-schemas.js';
import { graphqlProblems } from './graphql-answer-schemas.js';

jest.setTimeout(120_000);

/** A REST request a step sent with `expect`, and the status GitHub (the emulator) answered. */
interface Expected {
  step: string;
  method: string;
  path: string;
  status: number;
  expect: TSchema;
}

/** The integration with each step's client wrapped to record the requests that carry `expect`. */
function recording(seen: Expected[]): Integration {
  const wrap = (step: AnyStep): AnyStep => ({
    ...step,
    run: (input, ctx) => {
      const http: HttpClient = {
        get: (path, query) => ctx.http.get(path, query),
        request: async <T>(request: HttpRequest) => {
          const answer = await ctx.http.request<T>(request);
          if (request.expect !== undefined && request.endpoint === undefined) {
            const path = new URL(request.path, 'http://x/').pathname;
            const method = request.method ?? 'GET';
            seen.push({ step: step.id, method, path, status: answer.status, expect: request.expect });
          }
          return answer;
        },
      };
      return step.run(input, { ...ctx, http });
    },
  });
  return { ...github, steps: github.steps.map(wrap) };
}

const REPO = { owner: 'octo-org', repo: 'hello-world' };

/** The walk of every step, and the reads it leaves out: a branch from the default branch, and from a sha. */
const CALLS: StepCall[] = [
  ...STEP_CALLS,
  { label: 'fromDefault', step: createBranch, input: () => ({ ...REPO, branch: 'expect-default' }) },
  {
    label: 'fromSha',
    step: createBranch,
    input: (results) => ({ ...REPO, branch: 'expect-sha', from: results.commit.sha }),
  },
];

describe('what steps expect of an answer is never stricter than GitHub documents it', () => {
  it('holds for every REST request the steps send with `expect`', async () => {
    const seen: Expected[] = [];
    const integration = recording(seen);
    const emulator = await createGithubEmulator();
    const results: Record<string, unknown> = {};
    const problems: string[] = [];
    try {
      for (const call of CALLS) {
        const outcome = await testStep(call.step, call.input(results), {
          account: emulator.account,
          integration,
        });
        // A step the emulator's documented answers fail expects more than GitHub promises.
        if (!outcome.ok) problems.push(`${call.label} (${call.step.id}) failed: ${outcome.error?.message}`);
        results[call.label] = outcome.result;
      }
    } finally {
      await emulator.close();
    }
    const openApi = new GithubOpenApi();
    for (const { step, method, path, status, expect: ours } of seen) {
      const matched = openApi.match(method, `/${path.replace(/^\//, '')}`);
      if (matched === undefined || status < 200 || status >= 300) continue;
      const theirs = response(method.toLowerCase(), matched.template, status);
      stricterThan(ours as Schema, theirs, `${step} ${method} ${matched.template} ${status}`, problems);
    }
    expect([...new Set(problems)]).toEqual([]);
    // A floor, so a walk that stopped passing `expect` fails: most steps read what they are answered.
    expect(new Set(seen.map((one) => one.expect)).size).toBeGreaterThanOrEqual(20);
  });

  it.each([
    ['BY_NAMES', BY_NAMES, ByNamesData],
    ['BY_IDS', BY_IDS, ByIdsData],
    ['MORE_ITEMS', MORE_ITEMS, MoreItemsData],
    ['ADD_ITEM', ADD_ITEM, AddItemData],
  ])('holds for the data of the GraphQL %s answer', (label, document, data) => {
    expect([...new Set(graphqlProblems(document, data as Schema, label))]).toEqual([]);
  });

  it('finds a GraphQL field required or non-null that GitHub may leave out or null', () => {
    const data = {
      type: 'object',
      required: ['repositoryOwner'],
      properties: {
        repositoryOwner: {
          type: 'object',
          required: ['login', 'projectV2'],
          properties: { login: { type: 'string' }, projectV2: { type: 'object' } },
        },
      },
    };
    const query =
      'query { repositoryOwner(login: "o") { login ... on User { projectV2(number: 1) { id } } } }';
    expect(graphqlProblems(query, data, 'q')).toEqual([
      'q.repositoryOwner: GitHub may send null',
      'q.repositoryOwner.projectV2: only some RepositoryOwner answers carry it',
      'q.repositoryOwner.projectV2: GitHub may send null',
    ]);
  });
});
