import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import { oauthAuth, oauthFixture, rejection, SECRETS } from './support/oauth-fixture.js';
import { json, startTokenServer, type TokenServer } from './support/token-server.js';

const me = { method: 'GET', path: '/me' } as const;

describe('a token refresh nobody waits for any more is aborted', () => {
  let server: TokenServer;
  /** The token endpoint's answers, held back until the test releases them. */
  let held: ServerResponse[];
  afterEach(() => server.close());

  const neverAnswering = async () => {
    held = [];
    server = await startTokenServer((_call, response) => {
      held.push(response);
    });
  };

  it('closes the token request when the run is cancelled (Ctrl-C) and writes nothing to the vault', async () => {
    await neverAnswering();
    const fixture = oauthFixture({
      tokenUrl: `${server.origin}/oauth/token`,
      credentials: { accessToken: undefined },
    });
    const run = new AbortController();
    const requests = [
      fixture.client({ signal: run.signal }).get('/me'),
      fixture.client({ signal: run.signal }).get('/me'),
    ];
    const call = await server.call(0);

    run.abort();
    const errors = await Promise.all(requests.map(rejection));
    expect(errors.map((error) => error.code)).toEqual(['cancelled', 'cancelled']);
    await call.closed;
    expect(call.abandoned).toBe(true);
    expect(server.calls).toHaveLength(1);
    expect(fixture.saved).toEqual([]);
    const output = fixture.visibleOutput(errors[0]);
    for (const secret of Object.values(SECRETS)) expect(output).not.toContain(secret);
  });

  it('keeps the refresh going while one request still waits for it, and saves its grant', async () => {
    await neverAnswering();
    const { auth, saved } = oauthAuth({
      tokenUrl: `${server.origin}/oauth/token`,
      credentials: { accessToken: undefined },
      timeoutMs: 30_000,
    });
    const gaveUp = new AbortController();
    const first = auth.header(me, gaveUp.signal);
    const second = auth.header(me, new AbortController().signal);
    await server.call(0);

    gaveUp.abort();
    await expect(first).rejects.toBe(gaveUp.signal.reason);
    json(held[0], 200, { access_token: 'access_issued_after_wait', expires_in: 3600 });
    expect(await second).toEqual({ name: 'authorization', value: 'Bearer access_issued_after_wait' });
    expect(server.calls).toHaveLength(1);
    expect(saved.map((account) => account.credentials.accessToken)).toEqual(['access_issued_after_wait']);
  });

  it('starts a new refresh for a request that comes after the abandoned one', async () => {
    await neverAnswering();
    const { auth } = oauthAuth({
      tokenUrl: `${server.origin}/oauth/token`,
      credentials: { accessToken: undefined },
      timeoutMs: 30_000,
    });
    const gaveUp = new AbortController();
    const first = auth.header(me, gaveUp.signal);
    const abandoned = await server.call(0);
    gaveUp.abort();
    await expect(first).rejects.toBe(gaveUp.signal.reason);
    await abandoned.closed;

    const later = auth.header(me, new AbortController().signal);
    await server.call(1);
    json(held[1], 200, { access_token: 'access_issued_later', expires_in: 3600 });
    expect(await later).toEqual({ name: 'authorization', value: 'Bearer access_issued_later' });
  });
});
