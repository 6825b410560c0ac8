import { describe, expect, it, jest } from '@jest/globals';
import { runCliHere } from './support/cli-in-process.js';
import { TASKS } from './support/cli-process.js';

jest.setTimeout(240_000);

/** `--config` of the board fixture: the step board.add_comment and the triggers board.new_card and board.archived_card. */
const BOARD = ['--config', 'packages/engine/test/triggers/fixtures/board/toolsteps.config.json'];

describe('toolsteps triggers', () => {
  it('lists the installed triggers as a table', async () => {
    const { code, stdout, stderr } = await runCliHere([...BOARD, 'triggers']);

    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.split('\n')).toEqual([
      'TRIGGER              TITLE          DELIVERY  STATUS',
      'board.new_card       New Card       webhook   stable',
      'board.archived_card  Archived Card  poll 5m   stable',
      '',
    ]);
  });

  it('with --integration and --json lists one integration as JSON, without schemas or samples', async () => {
    const { code, stdout } = await runCliHere([...BOARD, 'triggers', '--integration', 'board', '--json']);

    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      {
        kind: 'trigger',
        id: 'board.new_card',
        title: 'New Card',
        description: 'Fires for each card created on a board (optionally in one column).',
        integration: 'board',
        integrationTitle: 'Board (fixture)',
        delivery: 'webhook',
        status: 'stable',
        subscribes: ['card'],
      },
      {
        kind: 'trigger',
        id: 'board.archived_card',
        title: 'Archived Card',
        description: 'Fires for each card archived on a board, polled.',
        integration: 'board',
        integrationTitle: 'Board (fixture)',
        delivery: 'poll',
        status: 'stable',
        intervalMs: 300000,
      },
    ]);
  });

  it('says so when an integration has no triggers, and exits 2 on an unknown one', async () => {
    const [none, unknown] = await Promise.all([
      runCliHere([...TASKS, 'triggers', '--integration', 'tasks']),
      runCliHere([...BOARD, 'triggers', '--integration', 'bord']),
    ]);

    expect(none).toMatchObject({ code: 0, stdout: 'The tasks integration has no triggers.\n' });
    expect(unknown).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'toolsteps: No integration "bord" is installed (installed: board)\n',
    });
  });

  it('leaves `toolsteps steps` to steps', async () => {
    const { code, stdout } = await runCliHere([...BOARD, 'steps']);

    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      'STEP               TITLE        EFFECT  STATUS',
      'board.add_comment  Add Comment  write   stable',
      '',
    ]);
  });
});

describe('toolsteps describe <trigger>', () => {
  it("shows the trigger's delivery, config, event fields (nested) and sample", async () => {
    const { code, stdout, stderr } = await runCliHere([...BOARD, 'describe', 'board.new_card']);

    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.split('\n');
    expect(lines.slice(0, 26)).toEqual([
      'New Card (board.new_card)',
      'integration: Board (fixture)   delivery: webhook (card)   status: stable',
      '',
      'Fires for each card created on a board (optionally in one column).',
      '',
      'config:',
      '  board: string  The board to watch',
      '  column?: string  Only cards in this column',
      'event ($event):',
      '  action: "created"',
      '  board: object',
      '    name: string',
      '  card: object',
      '    id: integer',
      '    title: string',
      '    labels: string[]',
      '    column: string',
      '    description: string | null',
      '    author: object',
      '      login: string',
      '  sender: object',
      '    login: string',
      'sample:',
      '  {',
      '    "action": "created",',
      '    "board": {',
    ]);
    const sample = JSON.parse(lines.slice(23).join('\n'));
    expect(sample.card.title).toBe('Crash on save');
  });

  it('shows how often a poll trigger polls', async () => {
    const { stdout } = await runCliHere([...BOARD, 'describe', 'board.archived_card']);

    expect(stdout.split('\n')[1]).toBe(
      'integration: Board (fixture)   delivery: poll every 5 minutes   status: stable',
    );
  });

  it('with --json prints the catalog entry with its config and event schemas and its sample', async () => {
    const { code, stdout } = await runCliHere([...BOARD, 'describe', 'board.new_card', '--json']);

    expect(code).toBe(0);
    const entry = JSON.parse(stdout);
    expect(entry).toMatchObject({ kind: 'trigger', id: 'board.new_card', delivery: 'webhook' });
    expect(entry.config.required).toEqual(['board']);
    expect(Object.keys(entry.event.properties)).toEqual(['action', 'board', 'card', 'sender']);
    expect(entry.sample.card.id).toBe(7);
  });

  it('exits 2 on an unknown id, suggesting the closest trigger or step', async () => {
    const [trigger, step, neither] = await Promise.all([
      runCliHere([...BOARD, 'describe', 'board.new_crad']),
      runCliHere([...BOARD, 'describe', 'board.add_coment']),
      runCliHere([...BOARD, 'describe', 'jira.create_ticket']),
    ]);

    expect(trigger).toMatchObject({
      code: 2,
      stderr:
        'toolsteps: No trigger "board.new_crad" is installed. Did you mean "board.new_card"? `toolsteps triggers` lists the installed triggers.\n',
    });
    expect(step.stderr).toBe(
      'toolsteps: No step "board.add_coment" is installed. Did you mean "board.add_comment"? `toolsteps steps` lists the installed steps.\n',
    );
    expect(neither.stderr).toBe(
      'toolsteps: No step or trigger "jira.create_ticket" is installed. `toolsteps steps` and `toolsteps triggers` list them.\n',
    );
  });
});

describe('toolsteps schema binding', () => {
  it('prints the binding schema specialised to the installed triggers', async () => {
    const [binding, unknown] = await Promise.all([
      runCliHere([...BOARD, 'schema', 'binding']),
      runCliHere([...BOARD, 'schema', 'bindings']),
    ]);

    expect(binding.code).toBe(0);
    const schema = JSON.parse(binding.stdout);
    expect(schema.$id).toBe('urn:toolsteps:schema:binding:v1:catalog');
    expect(
      schema.$defs.Binding.properties.trigger.anyOf.map((choice: { const: string }) => choice.const),
    ).toEqual(['board.new_card', 'board.archived_card']);
    expect(unknown).toMatchObject({
      code: 2,
      stderr: 'toolsteps: No schema for "bindings": choose "workflow" or "binding"\n',
    });
  });
});
