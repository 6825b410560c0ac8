import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ConnectError } from '../../../src/index.js';
import { type FixtureProvider, fixtureProvider, REDIRECT_URI, started } from './support.js';

describe('an authorization callback is taken only once, from who started it, in time', () => {
  let provider: FixtureProvider;
  let now = 1_800_000_000_000;
  beforeEach(async () => {
    provider = await fixtureProvider(() => now);
  });
  afterEach(() => provider.server.close());

  it('connects with the state it handed out, for the user who started, and the verifier of its challenge', async () => {
    const { authorizationUrl, state } = await provider.engine.connect.start({
      integration: 'fixture',
      user: 'ana',
      redirectUri: REDIRECT_URI,
    });
    const asked = new URL(authorizationUrl).searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      response_type: 'code',
      client_id: 'fixture-app',
      redirect_uri: REDIRECT_URI,
      scope: 'read',
      state,
      code_challenge_method: 'S256',
    });

    const account = await provider.engine.connect.finish({
      user: 'ana',
      callbackUrl: `${REDIRECT_URI}?code=c-1&state=${state}`,
    });

    expect(account).toEqual({
      id: 'fixture-robin',
      user: 'ana',
      integration: 'fixture',
      name: 'Robin',
      settings: {},
    });
    const sent = new URLSearchParams(provider.server.calls[0].body);
    expect(sent.get('grant_type')).toBe('authorization_code');
    expect(sent.get('redirect_uri')).toBe(REDIRECT_URI);
    // The verifier hashes to the challenge the URL carried (RFC 7636 S256).
    const { createHash } = await import('node:crypto');
    const verifier = sent.get('code_verifier') ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(asked.get('code_challenge'));
    expect(authorizationUrl).not.toContain(verifier);
  });

  it('refuses to finish for another user than the one who started, and the state is spent', async () => {
    // Mallory starts, and sends the authorization URL to Victor, who approves: the callback comes back
    // where Victor is signed in, and the runtime names him.
    const state = await started(provider, 'mallory');
    const crossed = await provider.engine.connect
      .finish({ user: 'victor', state, code: 'c-1' })
      .catch((error: unknown) => error);
    expect(crossed).toMatchObject({ code: 'invalid_state' });
    expect((crossed as Error).message).toContain('finish it as the user who started it');

    const again = await provider.engine.connect
      .finish({ user: 'mallory', state, code: 'c-1' })
      .catch((error: unknown) => error);
    expect(again).toMatchObject({ code: 'invalid_state' });
    expect(provider.server.calls).toEqual([]);
    expect(await provider.vault.list()).toEqual([]);
  });

  it('refuses a state used once already, storing nothing the second time', async () => {
    const state = await started(provider);
    await provider.engine.connect.finish({ user: 'ana', state, code: 'c-1' });
    const again = await provider.engine.connect
      .finish({ user: 'ana', state, code: 'c-1' })
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ConnectError);
    expect(again).toMatchObject({ code: 'invalid_state' });
    expect(provider.server.calls).toHaveLength(2); // one code exchange and one GET /me: nothing more
    expect(await provider.vault.list()).toHaveLength(1);
  });

  it('refuses a state it never handed out, and one that expired, before sending anything', async () => {
    const forged = await provider.engine.connect
      .finish({ user: 'ana', state: 'forged', code: 'c-1' })
      .catch((error: unknown) => error);
    expect(forged).toMatchObject({ code: 'invalid_state' });

    const state = await started(provider);
    now += 10 * 60 * 1000 + 1;
    const late = await provider.engine.connect
      .finish({ user: 'ana', state, code: 'c-1' })
      .catch((error: unknown) => error);
    expect(late).toMatchObject({ code: 'invalid_state' });
    expect((late as Error).message).toContain('start connecting again');
    expect(provider.server.calls).toEqual([]);
    expect(await provider.vault.list()).toEqual([]);
  });

  it('takes a denied authorization as denied, and its state is spent', async () => {
    const state = await started(provider);
    const denied = await provider.engine.connect
      .finish({
        user: 'ana',
        callbackUrl: `${REDIRECT_URI}?error=access_denied&error_description=The+user+has+denied+your+application+access.&state=${state}`,
      })
      .catch((error: unknown) => error);
    expect(denied).toMatchObject({ code: 'access_denied' });
    expect((denied as Error).message).toContain('The user has denied your application access.');
    const after = await provider.engine.connect
      .finish({ user: 'ana', state, code: 'c-1' })
      .catch((error: unknown) => error);
    expect(after).toMatchObject({ code: 'invalid_state' });
    expect(provider.server.calls).toEqual([]);
    expect(await provider.vault.list()).toEqual([]);
  });

  it('refuses redirect URIs a code must not be sent to, before anything is started', async () => {
    for (const redirectUri of [
      'http://example.com/callback',
      'https://app.example/callback#fragment',
      'https://user:pass@app.example/callback',
      '/callback',
      'javascript:alert(1)',
    ]) {
      const refused = await provider.engine.connect
        .start({ integration: 'fixture', redirectUri })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'invalid_request', details: { field: 'redirectUri' } });
    }
  });

  it('refuses to connect when the vault cannot store accounts', async () => {
    const { createEngine } = await import('../../../src/index.js');
    const readOnly = {
      get: provider.vault.get.bind(provider.vault),
      update: provider.vault.update.bind(provider.vault),
      list: provider.vault.list.bind(provider.vault),
    };
    const engine = await createEngine({
      integrations: [provider.integration],
      vault: readOnly,
      oauthClients: { fixture: { clientId: 'x' } },
    });
    const refused = await engine.connect
      .start({ integration: 'fixture', redirectUri: REDIRECT_URI })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'vault_read_only' });
  });
});
