import { describe, expect, it, jest } from '@jest/globals';
import { runCliHere } from './support/cli-in-process.js';
import { TASKS } from './support/cli-process.js';

jest.setTimeout(240_000);

describe('toolsteps steps', () => {
  it('lists the installed steps as a table', async () => {
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'steps']);

    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.split('\n')).toEqual([
      'STEP                 TITLE          EFFECT  STATUS',
      'tasks.list_tasks     List Tasks     read    stable',
      'tasks.add_task       Add Task       write   stable',
      'tasks.complete_task  Complete Task  write   stable',
      '',
    ]);
  });

  it('with --integration and --json lists one integration as JSON, without schemas', async () => {
    const { code, stdout } = await runCliHere([...TASKS, 'steps', '--integration', 'tasks', '--json']);

    expect(code).toBe(0);
    const steps = JSON.parse(stdout);
    expect(steps.map((s: { id: string }) => s.id)).toEqual([
      'tasks.list_tasks',
      'tasks.add_task',
      'tasks.complete_task',
    ]);
    expect(steps[2]).toEqual({
      id: 'tasks.complete_task',
      title: 'Complete Task',
      description: 'Marks a task done, with an optional note saying why.',
      integration: 'tasks',
      integrationTitle: 'Tasks (example)',
      effect: 'write',
      status: 'stable',
    });
  });

  it('with --markdown prints a README table of each step with its inputs and outputs', async () => {
    const { code, stdout } = await runCliHere([...TASKS, 'steps', '--markdown']);

    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      '| step                  | effect | input                      | output                                                     |',
      '| --------------------- | ------ | -------------------------- | ---------------------------------------------------------- |',
      '| `tasks.list_tasks`    | read   | `status?`, `label?`        | `tasks`, `count`                                           |',
      '| `tasks.add_task`      | write  | `title`, `labels?`, `due?` | `id`, `title`, `status`, `labels`, `due?`, `note?`, `ref?` |',
      '| `tasks.complete_task` | write  | `id`, `note?`              | `id`, `title`, `status`, `labels`, `due?`, `note?`, `ref?` |',
      '',
    ]);
  });

  it('exits 2 on an unknown integration, naming the installed ones', async () => {
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'steps', '--integration', 'taks']);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('toolsteps: No integration "taks" is installed (installed: tasks)\n');
  });

  it('without --config loads the workspace step packages, and lists exactly what they define', async () => {
    const [text, json] = await Promise.all([runCliHere(['steps']), runCliHere(['steps', '--json'])]);

    expect(text.code).toBe(0);
    expect(json.code).toBe(0);
    const ids: string[] = JSON.parse(json.stdout).map((s: { id: string }) => s.id);
    // The example's steps come only with its config: it is not a @toolsteps/step-* package.
    expect(ids.filter((id) => id.startsWith('tasks.'))).toEqual([]);
    if (ids.length === 0) {
      expect(text.stdout).toMatch(/^No steps are installed/);
    } else {
      const listed = text.stdout.split('\n').slice(1, -1);
      expect(listed.map((row) => row.split(/\s+/)[0])).toEqual(ids);
    }
  });
});

describe('toolsteps describe', () => {
  it("shows a step's title, effect, input and output", async () => {
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'describe', 'tasks.complete_task']);

    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.split('\n')).toEqual([
      'Complete Task (tasks.complete_task)',
      'integration: Tasks (example)   effect: write   status: stable',
      '',
      'Marks a task done, with an optional note saying why.',
      '',
      'input:',
      '  id: integer',
      '  note?: string',
      'output:',
      '  id: integer',
      '  title: string',
      '  status: "open" | "done"',
      '  labels: string[]',
      '  due?: string  ISO date',
      '  note?: string',
      '  ref?: string',
      '',
    ]);
  });

  it('with --json prints the catalog entry with its schemas', async () => {
    const { code, stdout } = await runCliHere([...TASKS, 'describe', 'tasks.list_tasks', '--json']);

    expect(code).toBe(0);
    const entry = JSON.parse(stdout);
    expect(entry).toMatchObject({ id: 'tasks.list_tasks', effect: 'read', integration: 'tasks' });
    expect(Object.keys(entry.input.properties)).toEqual(['status', 'label']);
    expect(entry.output.required).toEqual(['tasks', 'count']);
  });

  it('exits 2 on an unknown id, suggesting the closest one', async () => {
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'describe', 'tasks.list_task']);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'toolsteps: No step "tasks.list_task" is installed. Did you mean "tasks.list_tasks"? `toolsteps steps` lists the installed steps.\n',
    );
  });
});
