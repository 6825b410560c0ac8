import { describe, expect, it } from '@jest/globals';
import { createEngine, type Engine, type OpenAITool, ToolNames } from '@toolsteps/engine';
import github from '../../src/index.js';
import { DEMO_ISSUES, DEMO_REPO, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { projectState } from '../projects/project-state.js';

const KEY = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);

/** What a model in strict mode sends: every property of the tool, null for those it leaves out. */
function strictArguments(tool: OpenAITool, given: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(tool.function.parameters.properties ?? {}).map((name) => [name, given[name] ?? null]),
  );
}

describe('engine.tools: the GitHub steps as tools, called as a strict model calls them', () => {
  const gh = useGithubEmulator();
  const projects = projectState(() => gh.emulator.state);
  const engine = (): Promise<Engine> =>
    createEngine({ integrations: [github], accounts: [gh.emulator.account] });
  const strictTool = (calls: Engine, name: string): OpenAITool => {
    const [tool] = calls.tools({ format: 'openai', strict: true, steps: [name] });
    if (tool === undefined) throw new Error(`No tool ${name}`);
    return tool;
  };

  it('names every step with a name each model API takes, that maps back to the step', async () => {
    const calls = await engine();
    const names = new ToolNames(calls.registry);
    const tools = calls.tools({ format: 'anthropic' });

    expect(tools).toHaveLength(github.steps.length);
    for (const [index, tool] of tools.entries()) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(names.stepId(tool.name)).toBe(github.steps[index].id);
    }
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
  });

  it('opens an issue from a strict call that sends null for every argument it leaves out', async () => {
    const calls = await engine();
    const tool = strictTool(calls, 'github_create_issue');
    expect(tool.function.strict).toBe(true);
    expect(tool.function.parameters.required).toEqual(Object.keys(tool.function.parameters.properties ?? {}));

    const args = strictArguments(tool, { ...DEMO_REPO, title: 'Sent with every field' });
    expect(args).toMatchObject({ body: null, labels: null, assignees: null, milestone: null });
    const outcome = await calls.call(tool.function.name, args);

    expect(outcome).toMatchObject({ ok: true, result: { title: 'Sent with every field', labels: [] } });
    expect(gh.emulator.state.issues.list(KEY).some((issue) => issue.title === 'Sent with every field')).toBe(
      true,
    );
  });

  it('offers the ids-or-names step as one object whose description says which fields go together', async () => {
    const [tool] = (await engine()).tools({
      format: 'anthropic',
      steps: ['github.update_project_item_status'],
    });

    expect(tool.input_schema.type).toBe('object');
    expect(tool.input_schema.anyOf).toBeUndefined();
    expect(Object.keys(tool.input_schema.properties ?? {})).toEqual([
      'project_id',
      'item_id',
      'field_id',
      'option_id',
      'owner',
      'project_number',
      'repository_owner',
      'repository',
      'issue_number',
      'status',
      'field',
      'add_if_missing',
    ]);
    expect(tool.input_schema.required).toBeUndefined();
    expect(tool.description).toContain(
      'Give one of these sets of arguments: (1) By ids: project_id, item_id, field_id, option_id; (2) By names: owner, project_number, repository, issue_number, status; optionally repository_owner, field, add_if_missing.',
    );
  });

  it('moves an issue by project and status name from a strict call that sends null for the ids', async () => {
    const calls = await engine();
    const tool = strictTool(calls, 'github_update_project_item_status');
    const args = strictArguments(tool, {
      owner: 'octo-org',
      project_number: 1,
      repository: 'hello-world',
      issue_number: DEMO_ISSUES.safariCrash,
      status: 'In Progress',
    });
    expect(args).toMatchObject({ project_id: null, item_id: null, field_id: null, option_id: null });

    const outcome = await calls.call(tool.function.name, args);

    expect(outcome).toMatchObject({ ok: true, result: { status: 'In Progress', added: false } });
    expect(projects.status('octo-org', 1, DEMO_ISSUES.safariCrash)).toBe('In Progress');
  });

  it("still checks a call against the step's own schema: fields of both alternatives are refused, nothing sent", async () => {
    const calls = await engine();
    const outcome = await calls.call('github_update_project_item_status', {
      project_id: 'PVT_1',
      owner: 'octo-org',
      project_number: 1,
      repository: 'hello-world',
      issue_number: DEMO_ISSUES.safariCrash,
      status: 'Done',
    });

    expect(outcome).toMatchObject({ ok: false, error: { code: 'validation' }, meta: { requests: 0 } });
    expect(gh.emulator.requests).toEqual([]);
  });

  it('keeps a step out of strict form when a null it takes means something (null removes the milestone)', async () => {
    const tool = strictTool(await engine(), 'github_update_issue');

    expect(tool.function.strict).toBe(false);
    expect(tool.function.parameters.properties?.milestone).toMatchObject({
      anyOf: [{ type: 'integer' }, { type: 'null' }],
    });
    expect(tool.function.parameters.required).toEqual(['owner', 'repo', 'issue_number']);
  });
});
