import { describe, expect, it } from '@jest/globals';
import { DEMO_ISSUES, DEMO_ORG, DEMO_TOKEN, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { actionsOf, addHook, expectGenuine } from './delivery-kit.js';
import { useWebhookReceiver } from './webhook-receiver.js';

const github = useGithubEmulator();
const receiver = useWebhookReceiver();

async function graphql(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${github.emulator.baseUrl}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const SET_OPTION =
  'mutation($project: ID!, $item: ID!, $field: ID!, $option: String!) { updateProjectV2ItemFieldValue(input: {projectId: $project, itemId: $item, fieldId: $field, value: {singleSelectOptionId: $option}}) { projectV2Item { id } } }';
const SET_TEXT =
  'mutation($project: ID!, $item: ID!, $field: ID!, $text: String!) { updateProjectV2ItemFieldValue(input: {projectId: $project, itemId: $item, fieldId: $field, value: {text: $text}}) { projectV2Item { id } } }';

describe('projects_v2_item webhooks', () => {
  it("tells an organization's hooks when an item is added and when its Status moves, from what to what", async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['projects_v2_item'], { path: `/orgs/${DEMO_ORG}` });
    const project = emulator.state.projects.byNumber(DEMO_ORG, 1);
    if (project === undefined) throw new Error('no roadmap project in the seed');
    const status = project.fields.find((field) => field.name === 'Status');
    const issue = emulator.state.issues.find(repoKey('octo-org', 'hello-world'), DEMO_ISSUES.passkeys);
    if (status === undefined || issue === undefined) throw new Error('seed changed');
    const [todo, inProgress] = status.options;

    const added = (await graphql(
      'mutation($project: ID!, $content: ID!) { addProjectV2ItemById(input: {projectId: $project, contentId: $content}) { item { id } } }',
      { project: project.id, content: issue.node_id },
    )) as { addProjectV2ItemById: { item: { id: string } } };
    const itemId = added.addProjectV2ItemById.item.id;
    await graphql(SET_OPTION, { project: project.id, item: itemId, field: status.id, option: todo.id });
    await graphql(SET_OPTION, { project: project.id, item: itemId, field: status.id, option: inProgress.id });
    await emulator.webhooksSettled();
    expect(actionsOf(receiver)).toEqual([
      'projects_v2_item.created',
      'projects_v2_item.edited',
      'projects_v2_item.edited',
    ]);
    const [first, second] = receiver.received.slice(2).map((one) => JSON.parse(one.body));
    const statusChange = { field_type: 'single_select', field_node_id: status.id, field_name: 'Status' };
    expect(first).toMatchObject({
      projects_v2_item: { node_id: itemId, project_node_id: project.id, content_node_id: issue.node_id },
      changes: { field_value: { ...statusChange, project_number: 1, from: null } },
      organization: { login: DEMO_ORG },
    });
    expect(first.changes.field_value.to).toEqual({
      id: todo.id,
      name: 'Todo',
      color: 'GREEN',
      description: "This item hasn't been started",
    });
    expect(second.changes.field_value).toEqual({
      ...statusChange,
      project_number: 1,
      from: first.changes.field_value.to,
      to: {
        id: inProgress.id,
        name: 'In Progress',
        color: 'YELLOW',
        description: 'This is actively being worked on',
      },
    });
    await expectGenuine(receiver);
  });

  it("sends a text field's change as the texts themselves", async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['projects_v2_item'], { path: `/orgs/${DEMO_ORG}` });
    const project = emulator.state.projects.byNumber(DEMO_ORG, 1);
    const notes = project?.fields.find((field) => field.name === 'Notes');
    const item = project?.items[0];
    if (project === undefined || notes === undefined || item === undefined) throw new Error('seed changed');

    await graphql(SET_TEXT, {
      project: project.id,
      item: item.id,
      field: notes.id,
      text: 'Needs a design review',
    });
    await graphql(SET_TEXT, { project: project.id, item: item.id, field: notes.id, text: 'Reviewed' });
    await emulator.webhooksSettled();

    const changes = receiver.received.slice(1).map((one) => JSON.parse(one.body).changes.field_value);
    expect(changes).toEqual([
      {
        field_node_id: notes.id,
        field_type: 'text',
        field_name: 'Notes',
        project_number: 1,
        from: null,
        to: 'Needs a design review',
      },
      {
        field_node_id: notes.id,
        field_type: 'text',
        field_name: 'Notes',
        project_number: 1,
        from: 'Needs a design review',
        to: 'Reviewed',
      },
    ]);
    await expectGenuine(receiver);
  });
});
