import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { card } from '../../engine/test/triggers/host/host-helpers.js';
import { useBoardWorld } from './support/board-world.js';
import { type CliProcess, startCli } from './support/cli-process.js';
import { type ServeProcess, startServe } from './support/serve-process.js';

jest.setTimeout(240_000);

describe('toolsteps serve --reconcile-every', () => {
  const world = useBoardWorld({ freshBoardEachTest: true });
  let serving: ServeProcess | undefined;
  let text: CliProcess | undefined;
  afterEach(async () => {
    await serving?.stop();
    serving = undefined;
    text?.child.kill('SIGINT');
    await text?.exited;
    text = undefined;
  });

  const removeTheHook = () => {
    const { board } = world;
    const [hook] = board.hooks('roadmap');
    board.removeHook('roadmap', hook.id);
    return hook;
  };

  it('registers again a hook deleted while it serves, says so, and runs what comes next', async () => {
    const { board } = world;
    serving = startServe([...world.serveArgs('a.sqlite'), '--reconcile-every', '1s']);
    await serving.ready();
    const deleted = removeTheHook();

    await serving.waitForLine((line) => line.type === 'binding.repaired');
    expect(serving.lines().filter((line) => line.type === 'binding.repaired')).toEqual([
      expect.objectContaining({ bindingId: 'triage-new-bugs', found: 'missing' }),
    ]);
    const hooks = board.hooks('roadmap');
    expect(hooks).toHaveLength(1);
    expect(hooks[0].id).not.toBe(deleted.id);
    const [sent] = await board.createCards('roadmap', [card(41, 'After the repair', ['bug'])]);
    expect(sent.status).toBe(202);
    await serving.waitForLine((line) => line.type === 'run.finished' && line.status === 'succeeded');
  });

  it('prints the repair as a line of its own without --json', async () => {
    text = startCli(['serve', ...world.serveArgs('b.sqlite'), '--reconcile-every', '1s']);
    await text.waitFor(/Serving 1 of 1 binding/);
    removeTheHook();
    await text.waitFor(/triage-new-bugs: repaired: its registration was gone \(deleted\) at the third party/);
  });
});
