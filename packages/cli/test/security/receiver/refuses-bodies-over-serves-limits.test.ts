import { describe, expect, it, jest } from '@jest/globals';
import { card } from '../../../../engine/test/triggers/host/host-helpers.js';
import { useBoardWorld } from '../../support/board-world.js';
import { runCliHere } from '../../support/cli-in-process.js';
import { startServe } from '../../support/serve-process.js';

jest.setTimeout(240_000);

describe('toolsteps serve --max-body-bytes and --max-buffered-bytes', () => {
  const world = useBoardWorld({ freshBoardEachTest: true });

  it('refuse (413) a delivery larger than --max-body-bytes, and take the rest', async () => {
    const serving = startServe([...world.serveArgs('limits.sqlite'), '--max-body-bytes', '1KiB']);
    try {
      const ready = await serving.ready();
      const [{ url }] = ready.bindings as Array<{ url: string }>;
      const large = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-board-event': 'card',
          'x-board-delivery': 'large-1',
          'x-board-signature': `sha256=${'0'.repeat(64)}`,
        },
        body: JSON.stringify({ padding: 'x'.repeat(2048) }),
      });
      expect(large.status).toBe(413);
      const [sent] = await world.board.createCards('roadmap', [card(11, 'Crash on save')]);
      expect(sent.status).toBe(202);
      await serving.waitForLine((line) => line.type === 'run.finished' && line.status === 'succeeded');
    } finally {
      await serving.stop();
    }
  });

  it('exit 2 on a size that is not one, or a budget smaller than one body, before anything starts', async () => {
    const [words, zero, small] = await Promise.all([
      runCliHere(['serve', ...world.serveArgs('never.sqlite'), '--max-body-bytes', 'lots']),
      runCliHere(['serve', ...world.serveArgs('never.sqlite'), '--max-buffered-bytes', '0']),
      runCliHere([
        'serve',
        ...world.serveArgs('never.sqlite'),
        '--max-body-bytes',
        '2MiB',
        '--max-buffered-bytes',
        '1MiB',
      ]),
    ]);

    expect(words.code).toBe(2);
    expect(words.stderr).toContain('--max-body-bytes must be a whole number of bytes from 1');
    expect(words.stderr).toContain('"lots"');
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--max-buffered-bytes must be a whole number of bytes from 1');
    expect(small.code).toBe(2);
    expect(small.stderr).toContain('--max-body-bytes (2097152) is more than --max-buffered-bytes (1048576)');
    // Nothing was registered (a hook's secret is not printed, should this fail).
    expect(world.board.hooks('roadmap').length).toBe(0);
  });
});
