import { describe, expect, it } from '@jest/globals';
import { DEMO_CLIENT, DEMO_CLIENT_RECORD_ID, DEMO_TOKENS, DEMO_USERS } from '../../src/testing/index.js';
import { apiTokenAuthorization } from '../fidelity/zendesk-http.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { codeFor, exchangeParams, signedWith, tokenRequest } from './oauth-http.js';

type Json = any;

/**
 * The OAuth Tokens API: `GET /api/v2/oauth/tokens/current.json` shows the grant a request is signed
 * with (the token cut to its first 10 characters); `DELETE` revokes it (204), after which its access
 * token is refused and its refresh token no longer refreshes, as disconnecting an account needs.
 */
describe('the OAuth Tokens API', () => {
  const zd = useZendeskEmulator();
  const connect = async (login?: string) => {
    const { code, verifier } = await codeFor(zd.emulator, login ? { login } : {});
    const granted = await tokenRequest(zd.emulator, exchangeParams(code, verifier));
    return { access: String(granted.body.access_token), refresh: String(granted.body.refresh_token) };
  };
  const refresh = (refreshToken: string) =>
    tokenRequest(zd.emulator, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
    });

  it('shows the current token’s record without the full token', async () => {
    const tokens = await connect();
    const answer = await signedWith(zd.emulator, tokens.access, '/api/v2/oauth/tokens/current.json');
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toContain(tokens.access);
    expect(text).not.toContain(tokens.refresh);
    const { token }: Json = JSON.parse(text);
    expect(token).toEqual({
      url: `${zd.emulator.baseUrl}/api/v2/oauth/tokens/${token.id}.json`,
      id: expect.any(Number),
      user_id: DEMO_USERS.marco,
      client_id: DEMO_CLIENT_RECORD_ID,
      token: tokens.access.slice(0, 10),
      refresh_token: tokens.refresh.slice(0, 10),
      scopes: ['read', 'write'],
      created_at: '2030-01-01T00:00:00Z',
      expires_at: '2030-01-01T01:00:00Z',
      refresh_token_expires_at: '2030-01-31T00:00:00Z',
      used_at: null,
    });
    const byId = await signedWith(zd.emulator, tokens.access, `/api/v2/oauth/tokens/${token.id}.json`);
    expect(((await byId.json()) as Json).token.id).toBe(token.id);
  });

  it('revokes the current token: 204, then 401 for it and invalid_grant for its refresh token', async () => {
    const tokens = await connect();
    const revoked = await signedWith(
      zd.emulator,
      tokens.access,
      '/api/v2/oauth/tokens/current.json',
      'DELETE',
    );
    expect(revoked.status).toBe(204);
    expect(await revoked.text()).toBe('');
    const after = await signedWith(zd.emulator, tokens.access, '/api/v2/users/me.json');
    expect(after.status).toBe(401);
    const refused = await refresh(tokens.refresh);
    expect([refused.status, refused.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('lets an end user read and revoke their own token', async () => {
    const tokens = await connect('jordan@brightside.example');
    const shown = await signedWith(zd.emulator, tokens.access, '/api/v2/oauth/tokens/current.json');
    expect(((await shown.json()) as Json).token.user_id).toBe(DEMO_USERS.jordan);
    const revoked = await signedWith(zd.emulator, tokens.access, '/api/v2/oauth/tokens/current', 'DELETE');
    expect(revoked.status).toBe(204);
    expect((await signedWith(zd.emulator, tokens.access, '/api/v2/users/me')).status).toBe(401);
  });

  it("keeps another user's token from an agent (404) but not from an admin", async () => {
    const aikos = await connect('aiko@lumencoffee.example');
    const { token }: Json = await (
      await signedWith(zd.emulator, aikos.access, '/api/v2/oauth/tokens/current.json')
    ).json();
    const path = `/api/v2/oauth/tokens/${token.id}.json`;
    expect((await signedWith(zd.emulator, DEMO_TOKENS.agentAccess, path, 'DELETE')).status).toBe(404);
    expect((await signedWith(zd.emulator, aikos.access, '/api/v2/users/me')).status).toBe(200);
    const admin = await fetch(`${zd.emulator.baseUrl}${path}`, {
      method: 'DELETE',
      headers: { authorization: apiTokenAuthorization('priya@lumencoffee.example') },
    });
    expect(admin.status).toBe(204);
    expect((await signedWith(zd.emulator, aikos.access, '/api/v2/users/me')).status).toBe(401);
    expect((await signedWith(zd.emulator, DEMO_TOKENS.agentAccess, path)).status).toBe(404);
  });

  it('has no current token for a request signed with an API token (404)', async () => {
    const answer = await fetch(`${zd.emulator.baseUrl}/api/v2/oauth/tokens/current.json`, {
      headers: { authorization: apiTokenAuthorization('marco@lumencoffee.example') },
    });
    expect(answer.status).toBe(404);
  });
});
