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

describe('projects_v2_item webhooks', () => {
  it("tells an organization's hooks when an item is added and when its Status moves", async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['projects_v2_item'], { path: `/orgs/${DEMO_ORG}` });
    const project = emulator.state.projects.byNumber(DEMO_ORG, 1);
    if (project === undefined) throw new Error('no roadmap project in the seed');
    const status = project.fields.find((field) => field.name === 'Status');
    const issue = emulator.state.issues.find(repoKey('octo-org', 'hello-world'), DEMO_ISSUES.passkeys);
    if (status === undefined || issue === undefined) throw new Error('seed changed');

    const added = (await graphql(
      'mutation($project: ID!, $content: ID!) { addProjectV2ItemById(input: {projectId: $project, contentId: $content}) { item { id } } }',
      { project: project.id, content: issue.node_id },
    )) as { addProjectV2ItemById: { item: { id: string } } };
    const itemId = added.addProjectV2ItemById.item.id;
    await graphql(
      'mutation($project: ID!, $item: ID!, $field: ID!, $option: String!) { updateProjectV2ItemFieldValue(input: {projectId: $project, itemId: $item, fieldId: $field, value: {singleSelectOptionId: $option}}) { projectV2Item { id } } }',
      { project: project.id, item: itemId, field: status.id, option: status.options[1].id },
    );
    await emulator.webhooksSettled();
    expect(actionsOf(receiver)).toEqual(['projects_v2_item.created', 'projects_v2_item.edited']);
    const edited = JSON.parse(receiver.received[2].body);
    expect(edited).toMatchObject({
      projects_v2_item: { node_id: itemId, project_node_id: project.id, content_node_id: issue.node_id },
      changes: { field_value: { field_type: 'single_select', field_node_id: status.id } },
      organization: { login: DEMO_ORG },
    });
    await expectGenuine(receiver);
  });
});
