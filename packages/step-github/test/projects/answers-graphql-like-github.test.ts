import { describe, expect, it } from '@jest/globals';
import { updateProjectItemStatus } from '../../src/steps/update-project-item-status.js';
import { DEMO_ISSUES, DEMO_TOKEN, MONA_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { projectState } from './project-state.js';

interface Answer {
  data?: any;
  errors?: Array<{ type?: string; path?: Array<string | number>; locations?: unknown[]; message: string }>;
}

describe('the emulated GraphQL endpoint answers as GitHub does', () => {
  const gh = useGithubEmulator();
  const projects = projectState(() => gh.emulator.state);
  const post = async (
    query: string,
    variables: Record<string, unknown> = {},
    token = DEMO_TOKEN,
    path = '/graphql',
  ) => {
    const response = await fetch(`${gh.emulator.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as Answer };
  };

  it('reads a project, its single-select field and its items with their content', async () => {
    const { status, body } = await post(`query {
      organization(login: "octo-org") {
        projectV2(number: 1) {
          title
          field(name: "Status") { ... on ProjectV2SingleSelectField { name options { name } } }
          items(first: 10) {
            totalCount
            nodes {
              type
              fieldValueByName(name: "Status") { ... on ProjectV2ItemFieldSingleSelectValue { name } }
              content { ... on Issue { number title repository { nameWithOwner } } }
            }
          }
        }
      }
    }`);

    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.organization.projectV2).toEqual({
      title: 'Roadmap',
      field: { name: 'Status', options: [{ name: 'Todo' }, { name: 'In Progress' }, { name: 'Done' }] },
      items: {
        totalCount: 2,
        nodes: [
          {
            type: 'ISSUE',
            fieldValueByName: { name: 'Todo' },
            content: {
              number: 1,
              title: 'Login page crashes on Safari',
              repository: { nameWithOwner: 'octo-org/hello-world' },
            },
          },
          {
            type: 'ISSUE',
            fieldValueByName: { name: 'In Progress' },
            content: {
              number: 2,
              title: 'Dark mode colours are unreadable',
              repository: { nameWithOwner: 'octo-org/hello-world' },
            },
          },
        ],
      },
    });
  });

  it('pages a connection with first and after', async () => {
    const query = `query($after: String) { organization(login: "octo-org") { projectV2(number: 1) {
      items(first: 1, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } }
    } } }`;
    const first = (await post(query)).body.data.organization.projectV2.items;
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await post(query, { after: first.pageInfo.endCursor })).body.data.organization.projectV2
      .items;
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect(second.nodes[0].id).not.toBe(first.nodes[0].id);
  });

  it("answers 200 with a typed error and a null field for a project that doesn't exist", async () => {
    const { status, body } = await post(
      'query { organization(login: "octo-org") { projectV2(number: 9) { id } } }',
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({ organization: { projectV2: null } });
    expect(body.errors).toEqual([
      {
        type: 'NOT_FOUND',
        path: ['organization', 'projectV2'],
        locations: [{ line: 1, column: 43 }],
        message: 'Could not resolve to a ProjectV2 with the number 9.',
      },
    ]);
  });

  it.each([
    ['a syntax error', 'query { organization(login: "octo-org") {', /Syntax Error/],
    [
      'an unknown field',
      'query { organization(login: "octo-org") { colour } }',
      /Cannot query field "colour"/,
    ],
    [
      'a missing variable',
      'query($n: Int!) { organization(login: "octo-org") { projectV2(number: $n) { id } } }',
      /\$n/,
    ],
  ])('answers 200 with errors and no data for %s', async (_what, query, message) => {
    const { status, body } = await post(query);
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0].message).toMatch(message);
  });

  it('requires first on connections and caps it at 100', async () => {
    const missing = await post(
      'query { organization(login: "octo-org") { projectV2(number: 1) { items { totalCount } } } }',
    );
    expect(missing.body.errors?.[0]).toMatchObject({
      type: 'MISSING_PAGINATION_BOUNDARIES',
      message: 'You must provide a `first` or `last` value to properly paginate the `items` connection.',
    });
    const excessive = await post(
      'query { organization(login: "octo-org") { projectV2(number: 1) { items(first: 101) { totalCount } } } }',
    );
    expect(excessive.body.errors?.[0].type).toBe('EXCESSIVE_PAGINATION');
  });

  it('names an unknown organization, user or repository as GitHub does', async () => {
    const { body } = await post(
      `query {
      organization(login: "nope") { id }
      user(login: "octo-org") { id }
      repository(owner: "octocat", name: "secret-plans") { id }
    }`,
      {},
      MONA_TOKEN,
    );
    expect(body.errors?.map((error) => error.message)).toEqual([
      "Could not resolve to an Organization with the login of 'nope'.",
      "Could not resolve to a User with the login of 'octo-org'.",
      "Could not resolve to a Repository with the name 'octocat/secret-plans'.",
    ]);
  });

  it("hides a private project from a non-member and forbids changing another user's public one", async () => {
    const roadmap = projects.project('octo-org', 1);
    const board = projects.project('octocat', 2);
    const hidden = await post('query($id: ID!) { node(id: $id) { id } }', { id: roadmap.id }, MONA_TOKEN);
    expect(hidden.body.errors?.[0]).toMatchObject({ type: 'NOT_FOUND' });

    const issue = gh.emulator.state.issues.find('octo-org/hello-world', DEMO_ISSUES.passkeys)!;
    const before = projects.snapshot();
    const add = await post(
      'mutation($p: ID!, $c: ID!) { addProjectV2ItemById(input: { projectId: $p, contentId: $c }) { item { id } } }',
      { p: board.id, c: issue.node_id },
      MONA_TOKEN,
    );
    expect(add.body.data).toEqual({ addProjectV2ItemById: null });
    expect(add.body.errors?.[0]).toMatchObject({ type: 'FORBIDDEN', path: ['addProjectV2ItemById'] });
    expect(projects.snapshot()).toEqual(before);
  });

  it('refuses an option that belongs to another field, changing nothing', async () => {
    const roadmap = projects.project('octo-org', 1);
    const status = roadmap.fields.find((field) => field.name === 'Status')!;
    const before = projects.snapshot();
    const { body } = await post(
      `mutation($p: ID!, $i: ID!, $f: ID!) { updateProjectV2ItemFieldValue(input: {
        projectId: $p, itemId: $i, fieldId: $f, value: { singleSelectOptionId: "nope" } }) { projectV2Item { id } } }`,
      { p: roadmap.id, i: roadmap.items[0].id, f: status.id },
    );
    expect(body.errors?.[0].message).toBe('The single select option Id does not belong to the field');
    expect(projects.snapshot()).toEqual(before);
  });

  it('answers a request without a query, and refuses a body that is not JSON', async () => {
    const empty = await post('');
    expect(empty.body.errors?.[0].message).toBe('A query attribute must be specified and must be a string.');
    const response = await fetch(`${gh.emulator.baseUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_TOKEN}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
  });

  it('serves GraphQL at /api/graphql for a GitHub Enterprise Server account, which the step uses', async () => {
    expect((await post('query { viewer { login } }', {}, DEMO_TOKEN, '/api/graphql')).body.data).toEqual({
      viewer: { login: 'octocat' },
    });
    const outcome = await gh.run(
      updateProjectItemStatus,
      { owner: 'octo-org', project_number: 1, repository: 'hello-world', issue_number: 1, status: 'Done' },
      { account: gh.emulator.enterpriseAccount },
    );
    expect(outcome.ok).toBe(true);
    expect(gh.emulator.requests.at(-1)?.path).toBe('/api/graphql');
    expect(projects.status('octo-org', 1, 1)).toBe('Done');
  });
});
