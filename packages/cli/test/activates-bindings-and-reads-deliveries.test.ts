import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import {
  type BoardEmulator,
  startBoardEmulator,
} from '../../engine/test/triggers/fixtures/board/emulator.js';
import { runCliHere } from './support/cli-in-process.js';
import { REPO_ROOT, startCli } from './support/cli-process.js';
import { startServe } from './support/serve-process.js';

jest.setTimeout(240_000);

const FIXTURES = 'packages/engine/test/triggers/fixtures/board';
const BOARD = ['--config', `${FIXTURES}/toolsteps.config.json`];
const binding = (changes: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'triage-new-bugs',
    trigger: 'board.new_card',
    account: 'Demo board',
    config: { board: 'roadmap' },
    workflow: join(REPO_ROOT, FIXTURES, 'triage.json'),
    input: { cardId: '{% $event.card.id %}', title: '{% $event.card.title %}' },
    ...changes,
  });

describe('toolsteps trigger activate | deactivate, and deliveries', () => {
  let board: BoardEmulator;
  let temp: TempFiles;
  let withAccounts: string[];
  beforeAll(async () => {
    board = await startBoardEmulator();
    temp = await tempFiles({
      'new-bugs.binding.json': binding(),
      'accounts.json': JSON.stringify({ accounts: board.accounts }),
      'empty/readme.txt': '',
      'broken.binding.json': binding({ trigger: 'board.new_crad', config: { board: 7 } }),
    });
    withAccounts = ['--accounts', temp.path('accounts.json'), '--store', temp.path('store.sqlite')];
  });
  afterAll(async () => {
    await board.close();
    await temp.remove();
  });

  it('registers a binding at its third party, once however often asked, and removes it', async () => {
    const file = temp.path('new-bugs.binding.json');
    const url = 'https://hooks.example.com/toolsteps';
    for (let time = 0; time < 2; time++) {
      const activated = await runCliHere([
        ...BOARD,
        'trigger',
        'activate',
        file,
        ...withAccounts,
        '--public-url',
        url,
      ]);
      expect(activated.code).toBe(0);
      expect(activated.stdout).toContain(
        `triage-new-bugs: active, deliveries to ${url}/hooks/triage-new-bugs`,
      );
    }
    expect(board.hooks('roadmap')).toEqual([
      expect.objectContaining({ url: `${url}/hooks/triage-new-bugs` }),
    ]);

    const deactivated = await runCliHere([
      ...BOARD,
      'trigger',
      'deactivate',
      file,
      ...withAccounts,
      '--json',
    ]);
    expect(deactivated.code).toBe(0);
    expect(JSON.parse(deactivated.stdout)).toEqual({
      action: 'deactivate',
      bindings: [expect.objectContaining({ id: 'triage-new-bugs', ok: true })],
    });
    expect(board.hooks('roadmap')).toEqual([]);
  });

  it('will not activate on emulators that would stop with the command', async () => {
    const result = await runCliHere([...BOARD, 'trigger', 'activate', temp.path('new-bugs.binding.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('trigger activate needs --accounts: a hook registered at emulators');
  });

  it('serves on emulators when no accounts are given, its store in memory', async () => {
    const serving = startServe([...BOARD, temp.path('new-bugs.binding.json'), '--port', '0']);
    try {
      const ready = await serving.ready();
      expect(ready.emulators).toEqual([
        { integration: 'board', baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/) },
      ]);
      expect(serving.cli.stderr()).toContain('running against local emulators');
    } finally {
      expect((await serving.stop()).code).toBe(0);
    }
  });

  it('reports every problem of every binding before listening or registering anything', async () => {
    const result = await runCliHere([
      ...BOARD,
      'serve',
      temp.path('new-bugs.binding.json'),
      temp.path('broken.binding.json'),
      ...withAccounts,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${temp.path('broken.binding.json')}: 1 problem`);
    expect(result.stderr).toMatch(
      /broken\.binding\.json:1:\d+ +.*board\.new_crad.*did you mean "board\.new_card"/,
    );
    expect(board.hooks('roadmap')).toEqual([]);
  });

  it('says what is wrong with a path, a port or a busy port', async () => {
    const missing = await runCliHere([...BOARD, 'serve', temp.path('nowhere'), ...withAccounts]);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('No file or folder') });
    const empty = await runCliHere([...BOARD, 'serve', temp.path('empty'), ...withAccounts]);
    expect(empty.stderr).toContain('holds no binding file (*.binding.json)');
    const port = await runCliHere([...BOARD, 'serve', temp.path('new-bugs.binding.json'), '--port', '80a']);
    expect(port).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--port must be 0 to 65535 (got "80a")'),
    });

    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const taken = String((busy.address() as { port: number }).port);
      const result = await runCliHere([
        ...BOARD,
        'serve',
        temp.path('new-bugs.binding.json'),
        ...withAccounts,
        '--port',
        taken,
      ]);
      expect(result).toMatchObject({
        code: 2,
        stderr: expect.stringContaining(`Port ${taken} on 127.0.0.1 is in use`),
      });
    } finally {
      busy.close();
    }
  });

  it('lists deliveries only from a store that exists, with known statuses', async () => {
    const none = await runCliHere([...BOARD, 'deliveries', '--store', temp.path('no.sqlite')]);
    expect(none).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`No trigger store at ${temp.path('no.sqlite')}`),
    });
    const status = await runCliHere([
      ...BOARD,
      'deliveries',
      '--store',
      withAccounts[3],
      '--status',
      'faild',
    ]);
    expect(status).toMatchObject({ code: 2, stderr: expect.stringContaining('--status: unknown faild') });
    const listed = await runCliHere([...BOARD, 'deliveries', '--store', withAccounts[3]]);
    expect(listed).toMatchObject({ code: 0, stdout: 'No delivery is kept\n' });
    const unknown = await runCliHere([...BOARD, 'deliveries', 'show', 'nope', '--store', withAccounts[3]]);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('No delivery "nope" is kept') });
  });

  it('refuses a public URL its binding URLs could not extend, and a replay without accounts', async () => {
    const file = temp.path('new-bugs.binding.json');
    for (const url of ['not a url', 'https://h.example/base?k=v', 'ftp://h.example']) {
      const result = await runCliHere([...BOARD, 'serve', file, '--public-url', url]);
      expect(result).toMatchObject({ code: 2, stderr: expect.stringContaining('--public-url must') });
    }
    const replay = await runCliHere([
      ...BOARD,
      'deliveries',
      'replay',
      'some-id',
      file,
      '--store',
      withAccounts[3],
    ]);
    expect(replay).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('deliveries replay needs --accounts'),
    });
  });

  it('prints what a request names in its URL inert: no escape reaches the terminal', async () => {
    const serving = startCli([...BOARD, 'serve', temp.path('new-bugs.binding.json'), '--port', '0']);
    try {
      const [, port] = await serving.waitFor(/on port (\d+)/);
      const answer = await fetch(`http://127.0.0.1:${port}/hooks/%1b%5b2J%0d%0aforged`, { method: 'POST' });
      expect(answer.status).toBe(404);
      await serving.waitFor(/delivery refused with 404/);
      expect(serving.stdout()).toContain('\\u001b[2J\\u000d\\u000aforged: delivery refused with 404');
      expect(serving.stdout()).not.toMatch(/\p{Cc}(?<!\n)/u);
    } finally {
      serving.child.kill('SIGINT');
      expect((await serving.exited).code).toBe(0);
    }
  });
});
