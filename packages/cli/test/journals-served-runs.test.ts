import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { card } from '../../engine/test/triggers/host/host-helpers.js';
import { BOARD, BOARD_FIXTURES, useBoardWorld } from './support/board-world.js';
import { runCli } from './support/cli-process.js';
import { type ServeProcess, startServe } from './support/serve-process.js';

jest.setTimeout(240_000);

/** Runs of `serve` and `trigger test --run` land in the journal `run` keeps, in the folder they run from. */
describe('the runs of serve and trigger test', () => {
  const world = useBoardWorld({ freshBoardEachTest: true });
  let serving: ServeProcess | undefined;
  afterEach(async () => {
    await serving?.stop();
    serving = undefined;
  });

  /** `serve` run from the folder `name` under the temporary one: its default journal goes there. */
  const serveIn = async (name: string, extra: string[] = []) => {
    const cwd = await world.temp.write(`${name}/.keep`, '').then((path) => join(path, '..'));
    const args = [...world.serveArgs(`${name}.sqlite`), ...extra];
    return { cwd, serve: startServe(args, { cwd }) };
  };
  const deliverOne = async (server: ServeProcess, id: number) => {
    await server.ready();
    const [sent] = await world.board.createCards('roadmap', [card(id, `Card ${id}`, ['bug'])]);
    expect(sent.status).toBe(202);
    return server.waitForLine((line) => line.type === 'run.finished' && line.status === 'succeeded');
  };

  it('serve journals its runs to .toolsteps/runs.sqlite, as run does: `toolsteps runs` lists them', async () => {
    const { cwd, serve } = await serveIn('journaled');
    serving = serve;
    const finished = await deliverOne(serve, 11);
    await serve.stop();
    serving = undefined;

    const listed = await runCli(['runs', '--json'], { cwd });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ id: finished.runId, workflowId: 'triage-card', status: 'succeeded' }),
    ]);
  });

  it('serve --no-journal keeps its runs in memory: no journal is written', async () => {
    const { cwd, serve } = await serveIn('unjournaled', ['--no-journal']);
    serving = serve;
    await deliverOne(serve, 12);
    await serve.stop();
    serving = undefined;
    expect(existsSync(join(cwd, '.toolsteps', 'runs.sqlite'))).toBe(false);
  });

  it('trigger test --run journals its runs on emulators too; --no-journal does not', async () => {
    const { temp } = world;
    const cwd = join(temp.dir, 'tested');
    await temp.write('tested/.keep', '');
    const binding = join(BOARD_FIXTURES, 'new-bugs.binding.json');
    const tested = await runCli([...BOARD, 'trigger', 'test', binding, '--run', '--json'], { cwd });
    expect(tested.code).toBe(0);
    const [event] = (JSON.parse(tested.stdout) as { events: Array<{ run: { runId: string } }> }).events;
    const listed = await runCli(['runs', '--json'], { cwd });
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ id: event.run.runId })]);

    const elsewhere = join(temp.dir, 'tested-unjournaled');
    await temp.write('tested-unjournaled/.keep', '');
    const unjournaled = await runCli([...BOARD, 'trigger', 'test', binding, '--run', '--no-journal'], {
      cwd: elsewhere,
    });
    expect(unjournaled.code).toBe(0);
    expect(existsSync(join(elsewhere, '.toolsteps', 'runs.sqlite'))).toBe(false);
  });
});
