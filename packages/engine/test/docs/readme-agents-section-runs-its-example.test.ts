import { describe, expect, it } from '@jest/globals';
import { linesPrintedBy, readmeQuotes } from './support/readme-example.js';

const script = 'examples/embed/src/call-tools-for-users.ts';

describe("the README's section on Toolsteps for agents", () => {
  it('quotes its example verbatim, and the example does what its comments say', async () => {
    expect(await readmeQuotes(script)).toBe(true);

    expect(await linesPrintedBy(script)).toEqual([
      expect.stringMatching(/^alice: opened #\d+, 1 request$/),
      'alice: validation at /title',
      'bob: not_connected (User "bob" has no GitHub account connected: connect one (engine.connect.start({ integration: "github", user: "bob", redirectUri }), or toolsteps connect github))',
      expect.stringMatching(/^alice: items \d+–\d+ of \/items \(\d+ of \d+\)$/),
      '',
    ]);
  });
});
