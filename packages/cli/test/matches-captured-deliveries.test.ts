import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliHere } from './support/cli-in-process.js';
import { REPO_ROOT } from './support/cli-process.js';

jest.setTimeout(240_000);

const FIXTURES = 'packages/engine/test/triggers/fixtures/board';
const BOARD = ['--config', `${FIXTURES}/toolsteps.config.json`];
/** A `card` delivery of board "roadmap" creating cards 11 and 12. */
const DELIVERY = `${FIXTURES}/two-cards.delivery.json`;

/**
 * A second integration beside the board: one trigger that makes one event of any card delivery, and
 * one whose `match` throws, so narrowing and a failing trigger can be seen.
 */
const ECHO = `import { defineIntegration, defineTrigger, Type } from ${JSON.stringify(join(REPO_ROOT, 'packages/engine/src/index.ts'))};

const anyCard = defineTrigger({
  id: 'echo.any_card',
  title: 'Any Card',
  description: 'One event per card delivery, on any board.',
  delivery: 'webhook',
  config: Type.Object({}),
  event: Type.Object({ cards: Type.Integer() }),
  sample: { cards: 1 },
  webhook: {
    subscribes: ['card'],
    match: (delivery) =>
      delivery.headers['x-board-event'] === 'card' ? [{ cards: (delivery.body as { cards: unknown[] }).cards.length }] : [],
  },
});

const broken = defineTrigger({
  id: 'echo.broken',
  title: 'Broken',
  description: 'Cannot read any delivery.',
  delivery: 'webhook',
  config: Type.Object({}),
  event: Type.Object({}),
  sample: {},
  webhook: {
    subscribes: ['card'],
    match: () => {
      throw new Error('cannot read cards');
    },
  },
});

export default defineIntegration({
  id: 'echo',
  title: 'Echo (test)',
  status: 'stable',
  connection: Type.Object({}),
  auth: { kind: 'token' },
  http: () => ({ baseUrl: 'http://127.0.0.1:9' }),
  steps: [],
  triggers: [anyCard, broken],
  webhooks: {
    register: async () => ({ registration: {} }),
    unregister: async () => {},
    inspect: async () => 'ok',
    verify: async () => true,
    deliveryId: () => undefined,
  },
});
`;

/** The events board.new_card makes of the two-cards delivery for board "roadmap". */
const TWO_CARD_EVENTS = [
  {
    action: 'created',
    board: { name: 'roadmap' },
    card: {
      id: 11,
      title: 'Login button does nothing',
      labels: ['bug'],
      column: 'inbox',
      description: null,
      author: { login: 'grace' },
    },
    sender: { login: 'grace' },
  },
  {
    action: 'created',
    board: { name: 'roadmap' },
    card: {
      id: 12,
      title: 'Dark mode',
      labels: ['idea'],
      column: 'inbox',
      description: 'Please.',
      author: { login: 'grace' },
    },
    sender: { login: 'grace' },
  },
];

describe('toolsteps trigger match', () => {
  let temp: TempFiles;
  let mixed: string[];
  beforeAll(async () => {
    temp = await tempFiles({
      'other-board.json': JSON.stringify({
        headers: { 'X-Board-Event': 'card' },
        body: { action: 'created', board: { name: 'ops' }, cards: [] },
      }),
      'ping.json': JSON.stringify({ headers: { 'X-Board-Event': 'ping' }, body: { zen: 'Keep it simple.' } }),
      'not-json.json': '{ "headers": ',
      'an-event.json': JSON.stringify(TWO_CARD_EVENTS[0]),
      'echo.mts': ECHO,
      'mixed.config.json': JSON.stringify({
        integrations: [join(REPO_ROOT, FIXTURES, 'index.ts'), './echo.mts'],
      }),
    });
    mixed = ['--config', temp.path('mixed.config.json')];
  });
  afterAll(() => temp.remove());

  it('prints one line: the trigger the delivery fires and how many events it makes', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...BOARD,
      'trigger',
      'match',
      DELIVERY,
      '--set',
      'board=roadmap',
    ]);

    expect(stderr).toBe('');
    expect(stdout).toBe(`${DELIVERY}: board.new_card (2 events)\n`);
    expect(code).toBe(0);
  });

  it('with --json prints each file with the triggers it fires and their events', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...BOARD,
      'trigger',
      'match',
      DELIVERY,
      '--set',
      'board=roadmap',
      '--json',
    ]);

    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      {
        file: DELIVERY,
        event: 'card',
        triggers: [{ id: 'board.new_card', config: { board: 'roadmap' }, events: TWO_CARD_EVENTS }],
        notChecked: [],
        errors: [],
      },
    ]);
  });

  it('gives each trigger the config values it declares: --set column=done leaves no card of the inbox', async () => {
    const { code, stdout } = await runCliHere([
      ...BOARD,
      'trigger',
      'match',
      DELIVERY,
      '--set',
      'board=roadmap',
      '--set',
      'column=done',
    ]);

    expect(stdout).toBe(`${DELIVERY}: no trigger fires (event "card")\n`);
    expect(code).toBe(1);
  });

  it('exits 1 when no file fires a trigger, naming the event each was', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...BOARD,
      'trigger',
      'match',
      temp.path('other-board.json'),
      temp.path('ping.json'),
      '--set',
      'board=roadmap',
    ]);

    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        `${temp.path('other-board.json')}: no trigger fires (event "card")`,
        `${temp.path('ping.json')}: no trigger fires (event "ping")`,
        '',
      ].join('\n'),
    );
    expect(code).toBe(1);
  });

  it('says which triggers it could not check for want of config, rather than leaving them out', async () => {
    const [text, json] = await Promise.all([
      runCliHere([...BOARD, 'trigger', 'match', DELIVERY, temp.path('ping.json')]),
      runCliHere([...BOARD, 'trigger', 'match', DELIVERY, '--json']),
    ]);

    // The ping reaches no board.new_card binding, whatever its config: nothing to say about it.
    expect(text.stdout).toBe(
      [
        `${DELIVERY}: no trigger fires (event "card"); not checked: board.new_card (needs --set board=…)`,
        `${temp.path('ping.json')}: no trigger fires (event "ping")`,
        '',
      ].join('\n'),
    );
    expect(text.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual([
      {
        file: DELIVERY,
        event: 'card',
        triggers: [],
        notChecked: [{ id: 'board.new_card', reason: 'needs --set board=…' }],
        errors: [],
      },
    ]);
  });

  it('prints one line per file and exits 0 when at least one fires', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...BOARD,
      'trigger',
      'match',
      temp.path('ping.json'),
      DELIVERY,
      temp.path('other-board.json'),
      '--set',
      'board=roadmap',
    ]);

    expect(stderr).toBe('');
    expect(stdout.split('\n')).toEqual([
      `${temp.path('ping.json')}: no trigger fires (event "ping")`,
      `${DELIVERY}: board.new_card (2 events)`,
      `${temp.path('other-board.json')}: no trigger fires (event "card")`,
      '',
    ]);
    expect(code).toBe(0);
  });

  it("tries every integration's webhook triggers, or one integration's with --integration; a trigger that throws is an error of its own", async () => {
    const [all, board, echo] = await Promise.all([
      runCliHere([...mixed, 'trigger', 'match', DELIVERY, '--set', 'board=roadmap']),
      runCliHere([
        ...mixed,
        'trigger',
        'match',
        DELIVERY,
        '--set',
        'board=roadmap',
        '--integration',
        'board',
      ]),
      runCliHere([...mixed, 'trigger', 'match', DELIVERY, '--integration', 'echo', '--json']),
    ]);

    expect(all.stderr).toBe('');
    expect(all.stdout).toBe(
      `${DELIVERY}: board.new_card (2 events), echo.any_card (1 event); error: echo.broken failed to read the delivery: cannot read cards\n`,
    );
    expect(all.code).toBe(0);
    expect(board.stdout).toBe(`${DELIVERY}: board.new_card (2 events)\n`);
    expect(board.code).toBe(0);
    expect(JSON.parse(echo.stdout)).toEqual([
      {
        file: DELIVERY,
        event: 'card',
        triggers: [{ id: 'echo.any_card', config: {}, events: [{ cards: 2 }] }],
        notChecked: [],
        errors: [
          {
            id: 'echo.broken',
            error: {
              code: 'unsupported',
              message: 'echo.broken failed to read the delivery: cannot read cards',
              retryable: false,
            },
          },
        ],
      },
    ]);
    expect(echo.code).toBe(0);
  });

  it('exits 2 on an unknown integration, a config key no trigger has, or --set without key=value', async () => {
    const [unknown, typo, shapeless] = await Promise.all([
      runCliHere([...BOARD, 'trigger', 'match', DELIVERY, '--integration', 'bord']),
      runCliHere([...BOARD, 'trigger', 'match', DELIVERY, '--set', 'bord=roadmap']),
      runCliHere([...BOARD, 'trigger', 'match', DELIVERY, '--set', 'roadmap']),
    ]);

    expect(unknown).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'toolsteps: No integration "bord" is installed (installed: board)\n',
    });
    expect(typo).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'toolsteps: --set bord=roadmap: no webhook trigger has "bord" in its config (theirs have: board, column)\n',
    });
    expect(shapeless).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'toolsteps: --set takes key=value, e.g. --set owner=octo-org (got "roadmap")\n',
    });
  });

  it('exits 2 naming every file that cannot be read or is no captured delivery, and matches none', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...BOARD,
      'trigger',
      'match',
      DELIVERY,
      temp.path('missing.json'),
      temp.path('not-json.json'),
      temp.path('an-event.json'),
      '--set',
      'board=roadmap',
    ]);

    expect(stdout).toBe('');
    expect(stderr.split('\n')).toEqual([
      `toolsteps: Cannot read the delivery file ${temp.path('missing.json')} (ENOENT)`,
      expect.stringMatching(
        new RegExp(
          `^toolsteps: The delivery file ${literally(temp.path('not-json.json'))} is not valid JSON: `,
        ),
      ),
      `toolsteps: The delivery file ${temp.path('an-event.json')} is not a captured delivery: expected {"headers": {…}, "body": …} (and optionally "rawBody")`,
      '',
    ]);
    expect(code).toBe(2);
  });
});

function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
