import { describe, expect, it } from '@jest/globals';
import type { ConnectedAccount } from '@toolsteps/engine';
import { getTicket } from '../../src/steps/get-ticket.js';
import { DEMO_CLIENT, DEMO_TICKETS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

describe("OAuth accounts refresh their tokens at Zendesk's /oauth/tokens", () => {
  const zd = useZendeskEmulator();
  const paths = () =>
    zd.emulator.requests.map((request) => `${request.method} ${request.path} ${request.status}`);
  const accountWith = (credentials: Record<string, unknown>): ConnectedAccount => ({
    ...zd.emulator.account,
    id: 'zendesk-expiring',
    credentials: { ...DEMO_CLIENT, ...credentials },
  });

  it('refreshes a token about to expire before using it', async () => {
    const tokens = zd.emulator.issueTokens('marco@lumencoffee.example');
    const account = accountWith({ ...tokens, expiresAt: new Date(zd.clock.now() + 30_000).toISOString() });
    const outcome = await zd.run(getTicket, { ticket_id: DEMO_TICKETS.invoiceCopy }, { account });
    expect(outcome.error).toBeUndefined();
    expect(paths()[0]).toBe('POST /oauth/tokens 200');
    expect(zd.emulator.requests[0].body).toContain('grant_type=refresh_token');
    expect(zd.emulator.requests[1].headers.authorization).not.toBe(`Bearer ${tokens.accessToken}`);
  });

  it('refreshes once after a 401 and replays the request', async () => {
    const tokens = zd.emulator.issueTokens('marco@lumencoffee.example');
    zd.emulator.revokeAccessToken(tokens.accessToken);
    const outcome = await zd.run(
      getTicket,
      { ticket_id: DEMO_TICKETS.invoiceCopy },
      { account: accountWith(tokens) },
    );
    expect(outcome.error).toBeUndefined();
    expect(paths().slice(0, 3)).toEqual([
      `GET /api/v2/tickets/${DEMO_TICKETS.invoiceCopy}.json 401`,
      'POST /oauth/tokens 200',
      `GET /api/v2/tickets/${DEMO_TICKETS.invoiceCopy}.json 200`,
    ]);
  });

  it('fails reconnect_required when Zendesk answers invalid_grant for a revoked refresh token', async () => {
    const tokens = zd.emulator.issueTokens('marco@lumencoffee.example');
    zd.emulator.expireAccessTokens();
    zd.emulator.revokeRefreshToken(tokens.refreshToken);
    const outcome = await zd.run(
      getTicket,
      { ticket_id: DEMO_TICKETS.invoiceCopy },
      { account: accountWith(tokens) },
    );
    expect(outcome.error).toMatchObject({ code: 'reconnect_required' });
    expect(outcome.error?.message).toContain('reconnect');
    expect(JSON.stringify(outcome)).not.toContain(tokens.refreshToken);
  });

  it('accepts a JSON refresh request as Zendesk does', async () => {
    const answer = await fetch(`${zd.emulator.baseUrl}/oauth/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'refresh_token',
        refresh_token: zd.emulator.account.credentials.refreshToken,
        ...{ client_id: DEMO_CLIENT.clientId, client_secret: DEMO_CLIENT.clientSecret },
      }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
  });
});
