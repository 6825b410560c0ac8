import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createRegistry, loadBinding } from '@toolsteps/engine';
import github from '../../src/index.js';

/** A workflow that comments on the issue a binding hands it. */
const WORKFLOW = {
  id: 'acknowledge',
  input: {
    type: 'object',
    required: ['owner', 'repo', 'number', 'title'],
    properties: {
      owner: { type: 'string' },
      repo: { type: 'string' },
      number: { type: 'integer' },
      title: { type: 'string' },
    },
  },
  steps: [
    {
      id: 'comment',
      step: 'github.create_issue_comment',
      args: {
        owner: '{% $input.owner %}',
        repo: '{% $input.repo %}',
        issue_number: '{% $input.number %}',
        body: "{% 'Thanks for reporting ' & $input.title %}",
      },
    },
  ],
};

const binding = (input: Record<string, unknown>, filter?: string) => ({
  id: 'acknowledge-new-issues',
  trigger: 'github.new_issue',
  account: 'github-main',
  config: { owner: 'octo-org', repo: 'hello-world' },
  ...(filter === undefined ? {} : { filter }),
  workflow: './acknowledge.json',
  input,
});

describe("a binding reads GitHub's payload fields by the names GitHub's documentation uses", () => {
  const registry = createRegistry([github]);
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'github-bindings-'));
    await writeFile(join(folder, 'acknowledge.json'), JSON.stringify(WORKFLOW));
  });
  const load = (value: unknown) =>
    loadBinding(
      { text: JSON.stringify(value, null, 2), file: join(folder, 'test.binding.json') },
      { registry },
    );

  it('loads a mapping of $event.issue.number, title and labels, and $event.repository.owner.login', async () => {
    const result = await load(
      binding(
        {
          owner: '{% $event.repository.owner.login %}',
          repo: '{% $event.repository.name %}',
          number: '{% $event.issue.number %}',
          title: '{% $event.issue.title %}',
        },
        "{% 'bug' in $event.issue.labels.name and $event.sender.type = 'User' %}",
      ),
    );

    expect(result.diagnostics).toEqual([]);
  });

  it('refuses a misspelt field of the event with a did-you-mean', async () => {
    const result = await load(
      binding({
        owner: '{% $event.repository.owner.login %}',
        repo: '{% $event.repository.name %}',
        number: '{% $event.isue.number %}',
        title: '{% $event.issue.title %}',
      }),
    );

    expect(result.ok).toBe(false);
    expect(JSON.stringify(result.diagnostics)).toMatch(/isue.*issue/);
  });

  it('refuses a config naming neither a repository nor an organization', async () => {
    const result = await load({ ...binding({}), config: { owner: 'octo-org' } });

    expect(result.diagnostics.filter((diagnostic) => diagnostic.pointer === '/config')).toEqual([
      expect.objectContaining({ message: 'missing required property "repo" (config of github.new_issue)' }),
    ]);
  });
});
