import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ConnectError, createEngine, type Engine, MemoryVault } from '@toolsteps/engine';
import zendesk from '../../src/index.js';
import { createZendeskEmulator, type ZendeskEmulator } from '../../src/testing/index.js';

const REDIRECT_URI = 'http://127.0.0.1:8788/zendesk/callback';

describe('connecting a Zendesk account through its OAuth authorization', () => {
  let emulator: ZendeskEmulator;
  let vault: MemoryVault;
  let engine: Engine;
  const settings = () => ({ subdomain: 'lumencoffee', baseUrl: emulator.baseUrl });

  beforeEach(async () => {
    emulator = await createZendeskEmulator();
    vault = new MemoryVault();
    engine = await createEngine({
      integrations: [zendesk],
      vault,
      oauthClients: { zendesk: emulator.oauthClient },
    });
  });
  afterEach(() => emulator.close());

  /** The browser's part: the emulator approves at once (as `login` when given) and sends it back. */
  const authorize = async (user: string, extra = '', reconnect?: string) => {
    const { authorizationUrl } = await engine.connect.start({
      integration: 'zendesk',
      user,
      settings: settings(),
      redirectUri: REDIRECT_URI,
      ...(reconnect ? { reconnect } : {}),
    });
    const approval = await fetch(`${authorizationUrl}${extra}`, { redirect: 'manual' });
    return approval.headers.get('location') ?? '';
  };

  it("stores an agent's account under the subdomain, with tokens that refresh and work", async () => {
    const account = await engine.connect.finish({ user: 'ana', callbackUrl: await authorize('ana') });

    expect(account).toEqual({
      id: 'zendesk-lumencoffee',
      user: 'ana',
      integration: 'zendesk',
      name: 'lumencoffee',
      settings: settings(),
    });
    const stored = await vault.get({ id: account.id, user: 'ana' });
    expect(Object.keys(stored.credentials).sort()).toEqual([
      'accessToken',
      'clientId',
      'clientSecret',
      'expiresAt',
      'refreshToken',
    ]);
    const listed = await engine.call('zendesk_list_tickets', {}, { user: 'ana' });
    expect(listed.ok).toBe(true);
  });

  it('refuses an end user with the remedy the specification gives, and stores nothing', async () => {
    const refused = await engine.connect
      .finish({ user: 'ana', callbackUrl: await authorize('ana', '&login=sofia@harborbooks.example') })
      .catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(ConnectError);
    expect(refused).toMatchObject({ code: 'account_refused' });
    expect((refused as Error).message).toContain('the authorizing user must be an Admin or Agent');
    expect((refused as Error).message).toContain('disconnect and reconnect to run a fresh OAuth flow');
    expect(await vault.list(undefined, { user: 'ana' })).toEqual([]);
  });

  it('refuses settings that would send the code elsewhere: a subdomain naming another host', async () => {
    for (const subdomain of ['evil.com/', 'acme.zendesk.com', 'a@b']) {
      const refused = await engine.connect
        .start({ integration: 'zendesk', settings: { subdomain }, redirectUri: REDIRECT_URI })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'invalid_request' });
      expect((refused as Error).message).toContain('/subdomain');
    }
    expect(emulator.requests).toEqual([]);
  });

  it("never sends the app's secret to a host a user's baseUrl names, nor reconnects an account elsewhere", async () => {
    const elsewhere = await engine.connect
      .start({
        integration: 'zendesk',
        user: 'mallory',
        settings: { subdomain: 'acme', baseUrl: 'https://evil.example' },
        redirectUri: REDIRECT_URI,
      })
      .catch((error: unknown) => error);
    expect(elsewhere).toMatchObject({ code: 'invalid_request', details: { field: 'settings' } });
    expect((elsewhere as Error).message).toContain('https://evil.example');

    const first = await engine.connect.finish({ user: 'ana', callbackUrl: await authorize('ana') });
    const moved = await engine.connect
      .start({
        integration: 'zendesk',
        user: 'ana',
        settings: { subdomain: 'globex', baseUrl: emulator.baseUrl },
        redirectUri: REDIRECT_URI,
        reconnect: first.id,
      })
      .catch((error: unknown) => error);
    expect(moved).toMatchObject({ code: 'invalid_request', details: { field: '/settings/subdomain' } });
    expect((await vault.get({ id: first.id, user: 'ana' })).settings.subdomain).toBe('lumencoffee');
  });

  it('refuses a denied authorization and a code the emulator already spent', async () => {
    const denied = await engine.connect
      .finish({ user: 'ana', callbackUrl: await authorize('ana', '&decision=deny') })
      .catch((error: unknown) => error);
    expect(denied).toMatchObject({ code: 'access_denied' });

    // A code is good once: the second start's state is fresh, but its code was spent by the first exchange.
    const callback = new URL(await authorize('ana'));
    await engine.connect.finish({ user: 'ana', callbackUrl: callback.href });
    const { state } = await engine.connect.start({
      integration: 'zendesk',
      user: 'bob',
      settings: settings(),
      redirectUri: REDIRECT_URI,
    });
    const reused = await engine.connect
      .finish({ user: 'bob', state, code: callback.searchParams.get('code') ?? '' })
      .catch((error: unknown) => error);
    expect(reused).toMatchObject({ code: 'grant_refused' });
    expect(await vault.list(undefined, { user: 'bob' })).toEqual([]);
  });

  it('reconnects in place and disconnects by revoking the token', async () => {
    const first = await engine.connect.finish({ user: 'ana', callbackUrl: await authorize('ana') });
    const oldToken = (await vault.get({ id: first.id, user: 'ana' })).credentials.accessToken;
    expect((await engine.call('zendesk_list_tickets', {}, { user: 'ana' })).ok).toBe(true);
    const again = await engine.connect.finish({
      user: 'ana',
      callbackUrl: await authorize('ana', '', first.id),
    });
    expect(again.id).toBe(first.id);
    const newToken = (await vault.get({ id: first.id, user: 'ana' })).credentials.accessToken;
    expect(newToken).not.toBe(oldToken);
    // The account's calls take the new token at once, the old one revoked meanwhile.
    emulator.revokeAccessToken(String(oldToken));
    expect((await engine.call('zendesk_list_tickets', {}, { user: 'ana' })).ok).toBe(true);

    const { revoked } = await engine.connect.disconnect({ account: first.id, user: 'ana' });
    expect(revoked).toBe(true);
    expect(await vault.list(undefined, { user: 'ana' })).toEqual([]);
    const afterwards = await fetch(`${emulator.baseUrl}/api/v2/users/me.json`, {
      headers: { authorization: `Bearer ${newToken}` },
    });
    expect(afterwards.status).toBe(401);
  });
});
