import { describe, expect, it } from '@jest/globals';
import { apiCall } from '../../src/index.js';
import { DEMO_TICKETS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

/** What to do when Zendesk refuses an account (check the subdomain, the account's Admin or Agent role,
 * then disconnect and reconnect), the same through api_call as every step. */
const REMEDIES = ['subdomain', 'Admin or Agent', 'disconnect and reconnect'];

describe('zendesk.api_call explains the three remedies when Zendesk refuses the account', () => {
  const zd = useZendeskEmulator();

  it('on a 401 for credentials Zendesk does not accept', async () => {
    const account = {
      ...zd.emulator.apiTokenAccount,
      id: 'zd-wrong-token',
      credentials: { email: 'marco@lumencoffee.example', apiToken: 'wrong' },
    };

    const outcome = await zd.run(
      apiCall,
      { endpoint: `/api/v2/tickets/${DEMO_TICKETS.leakingMachine}.json` },
      { account },
    );

    expect(outcome.error).toMatchObject({ code: 'unauthorized', status: 401 });
    for (const remedy of REMEDIES) expect(outcome.error?.message).toContain(remedy);
    expect(outcome.error?.message).toContain(account.name);
  });

  it('on a 403 for a user without Admin or Agent rights', async () => {
    const outcome = await zd.run(
      apiCall,
      {
        method: 'PUT',
        endpoint: `/api/v2/tickets/${DEMO_TICKETS.leakingMachine}.json`,
        body: { ticket: { status: 'solved' } },
      },
      { account: zd.emulator.endUserAccount },
    );

    expect(outcome.error).toMatchObject({ code: 'forbidden', status: 403 });
    for (const remedy of REMEDIES) expect(outcome.error?.message).toContain(remedy);
    expect(zd.emulator.state.tickets.get(DEMO_TICKETS.leakingMachine)?.status).toBe('open');
  });
});
