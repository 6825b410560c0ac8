import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../../engine/test/support/temp-files.js';
import {
  type BoardEmulator,
  startBoardEmulator,
} from '../../../engine/test/triggers/fixtures/board/emulator.js';
import { runCliHere } from '../support/cli-in-process.js';
import { REPO_ROOT } from '../support/cli-process.js';

jest.setTimeout(240_000);

const FIXTURES = 'packages/engine/test/triggers/fixtures/board';
const BOARD = ['--config', `${FIXTURES}/toolsteps.config.json`];
const DELIVERY = `${FIXTURES}/two-cards.delivery.json`;
const bindingFor = (user: string) =>
  JSON.stringify({
    id: `${user}-new-bugs`,
    user,
    trigger: 'board.new_card',
    account: 'Demo board',
    config: { board: 'roadmap' },
    filter: "{% 'bug' in $event.card.labels %}",
    workflow: join(REPO_ROOT, FIXTURES, 'triage.json'),
    input: { cardId: '{% $event.card.id %}', title: '{% $event.card.title %}' },
  });

describe('toolsteps trigger test of a binding for an end user', () => {
  let board: BoardEmulator;
  let temp: TempFiles;
  let accounts: string[];
  beforeAll(async () => {
    board = await startBoardEmulator();
    const [demo] = board.accounts;
    temp = await tempFiles({
      // Alice's account reaches the board; bob's, of the same id and name, carries a token it refuses.
      'accounts.json': JSON.stringify({
        accounts: [
          { ...demo, user: 'alice' },
          { ...demo, user: 'bob', credentials: { token: 'bobs-board-token' } },
        ],
      }),
      'alice.binding.json': bindingFor('alice'),
      'bob.binding.json': bindingFor('bob'),
      'carol.binding.json': bindingFor('carol'),
    });
    accounts = ['--accounts', temp.path('accounts.json')];
  });
  afterAll(async () => {
    await board.close();
    await temp.remove();
  });
  const test = (user: string) =>
    runCliHere([
      ...BOARD,
      'trigger',
      'test',
      temp.path(`${user}.binding.json`),
      '--event',
      DELIVERY,
      '--run',
      ...accounts,
      '--no-journal',
    ]);

  it("runs the workflow for the binding's user, with that user's account", async () => {
    const alices = await test('alice');
    const bobs = await test('bob');

    expect(alices.code).toBe(0);
    expect(alices.stdout).toContain('"text": "Triaged: Login button does nothing"');
    expect(bobs.code).toBe(1);
    expect(bobs.stdout + bobs.stderr).toMatch(/unauthorized|401/i);
  });

  it('refuses a binding whose user has no account of its integration, exit 2', async () => {
    const { code, stderr } = await test('carol');

    expect(code).toBe(2);
    expect(stderr).toContain(
      'user "carol" has no Board (fixture) account connected: the binding has no account to watch through',
    );
  });
});
