import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { card } from '../../engine/test/triggers/host/host-helpers.js';
import { BOARD, useBoardWorld } from './support/board-world.js';
import { runCli } from './support/cli-process.js';
import { type ServeProcess, startServe } from './support/serve-process.js';

jest.setTimeout(240_000);

describe('toolsteps serve', () => {
  const world = useBoardWorld({ freshBoardEachTest: true });
  let serving: ServeProcess | undefined;
  afterEach(async () => {
    await serving?.stop();
    serving = undefined;
  });

  const serve = (store: string, extra: string[] = []) => startServe([...world.serveArgs(store), ...extra]);
  const runOf = (server: ServeProcess, status: string) =>
    server.waitForLine((line) => line.type === 'run.finished' && line.status === status);
  const deliveries = async (store: string) => {
    const listed = await runCli([...BOARD, 'deliveries', '--store', world.temp.path(store), '--json']);
    expect(listed.code).toBe(0);
    return JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
  };
  const replay = (deliveryId: string, store: string, extra: string[] = []) =>
    runCli([...world.replayArgs(deliveryId, store), ...extra]);

  it('activates, verifies, keeps and runs deliveries, and leaves the hook registered when stopped', async () => {
    const { board } = world;
    serving = serve('a.sqlite');
    const ready = await serving.ready();
    expect(ready.bindings).toEqual([
      expect.objectContaining({ id: 'triage-new-bugs', trigger: 'board.new_card', workflow: 'triage-card' }),
    ]);
    expect(board.hooks('roadmap')).toHaveLength(1);

    const [sent] = await board.createCards('roadmap', [card(11, 'Crash on save', ['bug'])]);
    expect(sent.status).toBe(202);
    await runOf(serving, 'succeeded');
    expect(
      board.emulator.requests.filter((r) => r.method === 'POST' && r.path === '/cards/11/comments'),
    ).toHaveLength(1);

    // The same delivery again runs nothing; a forged one is refused and kept nowhere.
    expect((await board.redeliver(sent.id)).status).toBe(200);
    await serving.waitForLine((line) => line.type === 'delivery.duplicate');
    const [{ url }] = ready.bindings as Array<{ url: string }>;
    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-board-event': 'card',
        'x-board-delivery': 'forged-1',
        'x-board-signature': 'sha256=00',
      },
      body: JSON.stringify({
        action: 'created',
        board: { name: 'roadmap' },
        cards: [card(12, 'Forged', ['bug'])],
      }),
    });
    expect(forged.status).toBe(401);
    await serving.waitForLine((line) => line.type === 'delivery.rejected' && line.status === 401);

    const stopped = await serving.stop();
    serving = undefined;
    expect(stopped.code).toBe(0);
    expect(board.hooks('roadmap')).toHaveLength(1);
    const kept = await deliveries('a.sqlite');
    expect(kept).toEqual([expect.objectContaining({ id: sent.id, status: 'succeeded', attempts: 1 })]);
    expect(board.emulator.requests.filter((r) => r.path === '/cards/11/comments')).toHaveLength(1);
  });

  it('re-registers at start a hook deleted by hand while it was stopped', async () => {
    const { board } = world;
    serving = serve('b.sqlite');
    await serving.ready();
    const [hook] = board.hooks('roadmap').slice(-1);
    await serving.stop();
    serving = undefined;
    board.removeHook('roadmap', hook.id);

    serving = serve('b.sqlite');
    await serving.waitForLine((line) => line.type === 'binding.repaired' && line.found === 'missing');
    await serving.ready();
    const [sent] = await board.createCards('roadmap', [card(21, 'Lost hook', ['bug'])]);
    expect(sent.status).toBe(202);
    await runOf(serving, 'succeeded');
  });

  it('resumes the run of a delivery it was killed in the middle of: a write left in flight is surfaced, never repeated', async () => {
    const { board, temp } = world;
    const journal = ['--journal', temp.path('c-runs.sqlite')];
    serving = serve('c.sqlite', journal);
    await serving.ready();
    // The run's comment hangs, so the process dies after the acknowledgement and before the run ends.
    board.emulator.faults.inject({ method: 'POST', path: '/cards/31/comments', delayMs: 600_000 });
    const [sent] = await board.createCards('roadmap', [card(31, 'Killed mid-run', ['bug'])]);
    expect(sent.status).toBe(202);
    const started = await serving.waitForLine((line) => line.type === 'run.started');
    // Killed once the comment reached the board: whether it was made is what nobody knows.
    while (!board.emulator.requests.some((r) => r.path === '/cards/31/comments'))
      await new Promise((resolve) => setTimeout(resolve, 20));
    serving.cli.child.kill('SIGKILL');
    expect((await serving.cli.exited).signal).toBe('SIGKILL');
    serving = undefined;
    board.emulator.reset();

    serving = serve('c.sqlite', journal);
    const resumed = await serving.waitForLine((line) => line.type === 'run.finished');
    expect(resumed).toMatchObject({
      runId: started.runId,
      status: 'failed',
      error: { code: 'outcome_unknown' },
    });
    expect(board.emulator.requests.filter((r) => r.path === '/cards/31/comments')).toHaveLength(0);
    await serving.stop();
    serving = undefined;

    // The operator checked the board: the comment is not there. The run goes on and makes it once.
    const resolved = await runCli([
      ...BOARD,
      'runs',
      'resolve',
      String(started.runId),
      '--step',
      'comment',
      '--as',
      'retry',
      '--accounts',
      temp.path('accounts.json'),
      ...journal,
    ]);
    expect(resolved.code).toBe(0);
    expect(board.emulator.requests.filter((r) => r.path === '/cards/31/comments')).toHaveLength(1);
    // The delivery replayed takes the run as it ended: nothing is sent again.
    const replayed = await replay(sent.id, 'c.sqlite', journal);
    expect(replayed.code).toBe(0);
    expect(board.emulator.requests.filter((r) => r.path === '/cards/31/comments')).toHaveLength(1);
    expect(await deliveries('c.sqlite')).toEqual([
      expect.objectContaining({ id: sent.id, status: 'succeeded', attempts: 3 }),
    ]);
  });

  it('keeps a failed delivery, shows it, and replays it once the fault is gone', async () => {
    const { board, temp } = world;
    serving = serve('d.sqlite');
    await serving.ready();
    board.emulator.faults.inject({
      method: 'POST',
      path: '/cards/41/comments',
      status: 422,
      body: { message: 'Card is locked' },
    });
    const [sent] = await board.createCards('roadmap', [card(41, 'Locked card', ['bug'])]);
    await serving.waitForLine((line) => line.type === 'delivery.finished' && line.status === 'failed');
    await serving.stop();
    serving = undefined;

    const listed = await runCli([
      ...BOARD,
      'deliveries',
      '--store',
      temp.path('d.sqlite'),
      '--status',
      'failed',
    ]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`${sent.id}\\s+failed\\s+1\\s+0/1\\s+1\\s+Board \\(fixture\\) answered 422`),
    );
    const shown = await runCli([...BOARD, 'deliveries', 'show', sent.id, '--store', temp.path('d.sqlite')]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('"title": "Locked card"');
    expect(shown.stdout).toContain('x-board-event: card');
    // The signature is never kept, so never shown.
    expect(shown.stdout).not.toContain('x-board-signature');

    const replayed = await replay(sent.id, 'd.sqlite');
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toMatch(/delivery .* succeeded/);
    expect(await deliveries('d.sqlite')).toEqual([
      expect.objectContaining({ id: sent.id, status: 'succeeded', attempts: 2 }),
    ]);
  });
});
