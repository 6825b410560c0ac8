import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliHere } from './support/cli-in-process.js';
import { REPO_ROOT } from './support/cli-process.js';

jest.setTimeout(240_000);

const FIXTURES = 'packages/engine/test/triggers/fixtures/board';
const BOARD = ['--config', `${FIXTURES}/toolsteps.config.json`];
const BINDING = `${FIXTURES}/new-bugs.binding.json`;
const DELIVERY = `${FIXTURES}/two-cards.delivery.json`;
const TRIAGE = join(REPO_ROOT, FIXTURES, 'triage.json');

/** The fixture binding with some fields replaced, its workflow named by absolute path so it can live anywhere. */
const binding = (changes: Record<string, unknown> = {}) =>
  `${JSON.stringify(
    {
      id: 'triage-new-bugs',
      trigger: 'board.new_card',
      account: 'Demo board',
      config: { board: 'roadmap' },
      filter: "{% 'bug' in $event.card.labels %}",
      workflow: TRIAGE,
      input: { cardId: '{% $event.card.id %}', title: '{% $event.card.title %}' },
      ...changes,
    },
    null,
    2,
  )}\n`;

describe('toolsteps trigger test', () => {
  let temp: TempFiles;
  beforeAll(async () => {
    temp = await tempFiles({
      'other-board.json': JSON.stringify({
        headers: { 'X-Board-Event': 'card' },
        body: { action: 'created', board: { name: 'ops' }, cards: [] },
      }),
      'event.json': JSON.stringify({
        action: 'created',
        board: { name: 'roadmap' },
        card: {
          id: 21,
          title: 'Typo on the home page',
          labels: ['bug'],
          column: 'inbox',
          author: { login: 'lin' },
        },
        sender: { login: 'lin' },
      }),
      'ideas-only.binding.json': binding({ filter: "{% 'idea' in $event.card.labels %}" }),
      'null-title.binding.json': binding({
        input: { cardId: '{% $event.card.id %}', title: '{% $event.card.description %}' },
      }),
      'invalid.binding.json': binding({
        config: { board: 'Road Map' },
        input: { cardId: '{% $event.card.id %}', title: '{% $event.card.titel %}' },
        workflow: './broken.json',
      }),
      'broken.json': '{ "id": "broken", "steps": [ { "id": "a", "step": "board.add_coment" } ] }\n',
      'archive.binding.json': binding({ trigger: 'board.archived_card', filter: undefined }),
    });
  });
  afterAll(() => temp.remove());

  it("maps the trigger's sample event and prints the input the workflow would start with", async () => {
    const { code, stdout, stderr } = await runCliHere([...BOARD, 'trigger', 'test', BINDING]);

    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        "Binding triage-new-bugs: board.new_card on the trigger's sample event",
        'the event: passes; workflow triage-card would start with input:',
        '{',
        '  "cardId": 7,',
        '  "title": "Crash on save",',
        '  "urgent": true',
        '}',
        '',
      ].join('\n'),
    );
  });

  it("takes a captured delivery, whose events the trigger's own match makes, each filtered and mapped", async () => {
    const { code, stdout } = await runCliHere([...BOARD, 'trigger', 'test', BINDING, '--event', DELIVERY]);

    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      `Binding triage-new-bugs: board.new_card on the delivery in ${DELIVERY}`,
      'event 1 of 2: passes; workflow triage-card would start with input:',
      '{',
      '  "cardId": 11,',
      '  "title": "Login button does nothing",',
      '  "urgent": false',
      '}',
      'event 2 of 2: filtered out (the filter yielded false)',
      '',
    ]);
  });

  it('says clearly when a delivery makes no event, and exits 1', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...BOARD,
      'trigger',
      'test',
      BINDING,
      '--event',
      temp.path('other-board.json'),
    ]);

    expect(code).toBe(1);
    expect(stdout).toBe(
      `Binding triage-new-bugs: board.new_card on the delivery in ${temp.path('other-board.json')}\n`,
    );
    expect(stderr).toBe(
      'toolsteps: board.new_card made no event of this delivery for config {"board":"roadmap"}: no workflow would start\n',
    );
  });

  it("takes an event, warning when it does not match the trigger's event schema", async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...BOARD,
      'trigger',
      'test',
      BINDING,
      '--event',
      temp.path('event.json'),
    ]);

    expect(code).toBe(0);
    expect(stdout).toContain('"title": "Typo on the home page"');
    expect(stderr).toBe(
      `toolsteps: warning: the event in ${temp.path('event.json')} does not match the event schema of board.new_card: event/card/description is required (missing "description"); the mapping may read what a real event never has\n`,
    );
  });

  it("exits 1 when no event passes the filter, or the input breaks the workflow's input schema", async () => {
    const [filtered, broken] = await Promise.all([
      runCliHere([...BOARD, 'trigger', 'test', temp.path('ideas-only.binding.json')]),
      runCliHere([...BOARD, 'trigger', 'test', temp.path('null-title.binding.json'), '--event', DELIVERY]),
    ]);

    expect(filtered.code).toBe(1);
    expect(filtered.stdout).toContain('the event: filtered out (the filter yielded false)');
    expect(filtered.stderr).toBe('toolsteps: no event passed the filter: no workflow would start\n');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(
      'toolsteps: event 1 of 2: the input does not match the input schema of workflow triage-card: input/title must be string\n',
    );
  });

  it("exits 2 on an invalid binding, listing its problems and its workflow's, each at file:line:column", async () => {
    const file = temp.path('invalid.binding.json');
    const { code, stdout, stderr } = await runCliHere([...BOARD, 'trigger', 'test', file]);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toEqual([
      `${file}: 3 problems`,
      `  ${file}:6:14  must match the pattern ^[a-z0-9-]+$ (got "Road Map") (config of board.new_card)  (/config/board)`,
      `  ${file}:9:15  the workflow ${temp.path('broken.json')} is invalid (1 problem, listed with it)  (/workflow)`,
      `  ${file}:12:30  $event.card has no "titel" in the event of board.new_card (did you mean "title"?)  (/input/title)`,
      '    `toolsteps describe board.new_card` shows its config and event schemas and a sample event',
      `${temp.path('broken.json')}: 1 problem`,
      `  ${temp.path('broken.json')}:1:51  unknown step "board.add_coment" (did you mean "board.add_comment"?)  (/steps/0/step)`,
      '    list the installed steps with `toolsteps steps`',
      '',
    ]);
  });

  it('refuses a captured delivery for a poll trigger', async () => {
    const { code, stderr } = await runCliHere([
      ...BOARD,
      'trigger',
      'test',
      temp.path('archive.binding.json'),
      '--event',
      DELIVERY,
    ]);

    expect(code).toBe(2);
    expect(stderr).toBe(
      `toolsteps: ${DELIVERY} holds a captured delivery, but board.archived_card is a poll trigger: no delivery ever reaches it; give one event (\`toolsteps describe board.archived_card\` shows a sample)\n`,
    );
  });

  it('with --json prints one document: each event, whether it passed, its input', async () => {
    const { code, stdout } = await runCliHere([
      ...BOARD,
      'trigger',
      'test',
      BINDING,
      '--event',
      DELIVERY,
      '--json',
    ]);

    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({
      binding: 'triage-new-bugs',
      trigger: 'board.new_card',
      workflow: 'triage-card',
      source: 'delivery',
      file: DELIVERY,
      warnings: [],
    });
    expect(
      report.events.map(({ passed, input }: { passed: boolean; input?: unknown }) => ({ passed, input })),
    ).toEqual([
      { passed: true, input: { cardId: 11, title: 'Login button does nothing', urgent: false } },
      { passed: false, input: undefined },
    ]);
  });

  it('with --run runs the workflow for each event that passes, on emulators without --accounts', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...BOARD,
      'trigger',
      'test',
      BINDING,
      '--event',
      DELIVERY,
      '--run',
    ]);

    expect(code).toBe(0);
    expect(stderr).toMatch(
      /^No --accounts given: running against local emulators with demo accounts \(board at http:\/\/127\.0\.0\.1:\d+\)\n/,
    );
    expect(stderr).toContain('step comment succeeded');
    expect(stdout).toContain(
      ['output:', '{', '  "comment": 1,', '  "text": "Triaged: Login button does nothing"', '}'].join('\n'),
    );
  });
});
