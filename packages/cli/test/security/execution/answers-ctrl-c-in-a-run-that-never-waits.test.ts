import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../../../engine/test/support/temp-files.js';
import { startCli } from '../../support/cli-process.js';

// A run of steps that only compute: no request, no timer, nothing that returns to the event loop.
const COMPUTE_ONLY = `{
  "id": "compute-only",
  "steps": [
    {
      "id": "each",
      "forEach": {
        "items": "{% [1..200000] %}",
        "as": "n",
        "steps": [{ "id": "square", "assign": { "square": "{% $n * $n %}" } }]
      }
    }
  ]
}
`;

describe('a run whose steps never wait for I/O', () => {
  let files: TempFiles;

  beforeAll(async () => {
    files = await tempFiles({ 'compute-only.json': COMPUTE_ONLY });
  });

  afterAll(() => files.remove());

  it('still stops on Ctrl-C (SIGINT) while its steps run, reported cancelled', async () => {
    const cli = startCli(['run', files.path('compute-only.json'), '--no-journal']);
    await cli.waitFor(/^step each\[\d+\]\.square succeeded/m, 'stderr');
    cli.child.kill('SIGINT');
    const { code, stderr } = await cli.exited;

    expect(stderr).toMatch(/^run cancelled in \d+ ms$/m);
    expect(code).toBe(1);
  }, 180_000);
});
