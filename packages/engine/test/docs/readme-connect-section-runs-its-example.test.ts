import { describe, expect, it } from '@jest/globals';
import { linesPrintedBy, readmeQuotes } from './support/readme-example.js';

const script = 'examples/embed/src/connect-a-users-account.ts';

describe("the README's section on connecting accounts", () => {
  it('quotes its example verbatim, and the example connects, uses and disconnects an account', async () => {
    expect(await readmeQuotes(script)).toBe(true);

    expect(await linesPrintedBy(script)).toEqual([
      'authorize at /login/oauth/authorize with PKCE (S256)',
      'alice connected github account "hubot" (id github-hubot)',
      'a call for alice acts as hubot',
      'replayed callback: invalid_state',
      'disconnected (grant revoked: true); alice has 0 GitHub accounts',
      '',
    ]);
  });
});
