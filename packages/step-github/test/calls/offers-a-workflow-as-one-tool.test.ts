import { describe, expect, it } from '@jest/globals';
import { createEngine, type Engine } from '@toolsteps/engine';
import github from '../../src/index.js';
import { DEMO_REPO, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const KEY = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);

/** Opens an issue and comments on it: two steps a model would otherwise chain itself. */
const REPORT_BUG = {
  id: 'report-bug',
  description:
    'Reports a bug in octo-org/hello-world: opens an issue and comments with the triage checklist.',
  input: {
    type: 'object',
    properties: { title: { type: 'string', minLength: 1 }, details: { type: 'string' } },
    required: ['title'],
    additionalProperties: false,
  },
  steps: [
    {
      id: 'issue',
      step: 'github.create_issue',
      args: {
        owner: 'octo-org',
        repo: 'hello-world',
        title: '{% $input.title %}',
        body: '{% $input.details ?? "No details given." %}',
      },
    },
    {
      id: 'checklist',
      step: 'github.create_issue_comment',
      args: {
        owner: 'octo-org',
        repo: 'hello-world',
        issue_number: '{% $steps.issue.result.number %}',
        body: 'Triage: reproduce, label, assign.',
      },
    },
  ],
  output: { number: '{% $steps.issue.result.number %}', url: '{% $steps.issue.result.html_url %}' },
};

describe('a workflow offered to a model as one tool', () => {
  const gh = useGithubEmulator();
  const engine = (): Promise<Engine> =>
    createEngine({ integrations: [github], accounts: [gh.emulator.account] });

  it('runs with the arguments as its input and answers with its output', async () => {
    const calls = await engine();
    const tool = await calls.addWorkflowTool({ text: JSON.stringify(REPORT_BUG) });

    const outcome = await calls.call(tool.name, { title: 'Dark mode flickers', details: null });

    expect(tool).toMatchObject({ name: 'report-bug', description: REPORT_BUG.description });
    expect(outcome).toMatchObject({
      ok: true,
      result: { number: expect.any(Number), url: expect.stringContaining('/issues/') },
      meta: { workflow: 'report-bug', requests: 2, outcome: 'done' },
    });
    if (!outcome.ok) throw new Error('unreachable');
    const number = (outcome.result as { number: number }).number;
    expect(gh.emulator.state.issues.find(KEY, number)?.comments).toHaveLength(1);
    expect(calls.workflowTools().map((one) => one.name)).toEqual(['report-bug']);
  });

  it('names a bad argument by its path, and runs nothing', async () => {
    const calls = await engine();
    const tool = await calls.addWorkflowTool({ text: JSON.stringify(REPORT_BUG) }, { name: 'report_bug' });

    const outcome = await calls.call(tool.name, { title: '' });

    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'validation', path: '/title', retryable: false },
      meta: { workflow: 'report-bug', requests: 0, outcome: 'not_done' },
    });
    expect(gh.emulator.requests).toEqual([]);
  });

  it('refuses names a model API would refuse or a step has, and a workflow with nothing to choose it by', async () => {
    const calls = await engine();
    const source = { text: JSON.stringify(REPORT_BUG) };

    await expect(calls.addWorkflowTool(source, { name: 'report bug!' })).rejects.toThrow(
      /not one every model API accepts/,
    );
    await expect(calls.addWorkflowTool(source, { name: 'github_create_issue' })).rejects.toThrow(
      /is a step's/,
    );
    const { description: _, ...undescribed } = REPORT_BUG;
    await expect(calls.addWorkflowTool({ text: JSON.stringify(undescribed) })).rejects.toThrow(
      /no description/,
    );
    expect(calls.workflowTools()).toEqual([]);
  });

  it('stops offering a workflow once removed', async () => {
    const calls = await engine();
    const tool = await calls.addWorkflowTool({ text: JSON.stringify(REPORT_BUG) });

    expect(calls.removeWorkflowTool(tool.name)).toBe(true);
    await expect(calls.call(tool.name, { title: 'Gone' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'unsupported' },
    });
    expect(calls.removeWorkflowTool(tool.name)).toBe(false);
  });

  it('is listed and found among the tools, shaped for each model API, as a step is', async () => {
    const calls = await engine();
    await calls.addWorkflowTool({ text: JSON.stringify(REPORT_BUG) });

    const [listed] = calls
      .tools({ format: 'mcp', integrations: ['github'] })
      .filter((tool) => tool.name === 'report-bug');
    const [found] = calls.searchTools('report a bug', { format: 'anthropic', limit: 1 });

    expect(listed).toMatchObject({
      name: 'report-bug',
      description: expect.stringContaining(REPORT_BUG.description),
      inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      annotations: { readOnlyHint: false },
    });
    expect(found).toMatchObject({ name: 'report-bug', input_schema: { type: 'object' } });
    expect(calls.tools({ format: 'openai', readOnly: true }).map((tool) => tool.function.name)).not.toContain(
      'report-bug',
    );
  });
});
