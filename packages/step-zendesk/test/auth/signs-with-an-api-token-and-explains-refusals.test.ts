import { describe, expect, it } from '@jest/globals';
import { createTicket } from '../../src/steps/create-ticket.js';
import { getTicket } from '../../src/steps/get-ticket.js';
import { DEMO_TICKETS, DEMO_TOKENS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

const REMEDIES = ['subdomain', 'Admin or Agent', 'disconnect and reconnect'];

describe('API-token accounts, and what a refused account is told', () => {
  const zd = useZendeskEmulator();

  it('signs with Basic base64(email/token:apiToken) for an account holding {email, apiToken}', async () => {
    const outcome = await zd.run(
      getTicket,
      { ticket_id: DEMO_TICKETS.invoiceCopy },
      { account: zd.emulator.apiTokenAccount },
    );
    expect(outcome.error).toBeUndefined();
    const expected = Buffer.from(`marco@lumencoffee.example/token:${DEMO_TOKENS.apiToken}`).toString(
      'base64',
    );
    expect(zd.emulator.requests[0].headers.authorization).toBe(`Basic ${expected}`);
    expect(JSON.stringify(outcome.exchanges)).not.toContain(expected);
  });

  it('explains the three remedies on a 401 for a wrong API token, without refreshing', async () => {
    const account = {
      ...zd.emulator.apiTokenAccount,
      id: 'zd-wrong',
      credentials: { email: 'marco@lumencoffee.example', apiToken: 'wrong' },
    };
    const outcome = await zd.run(getTicket, { ticket_id: DEMO_TICKETS.invoiceCopy }, { account });
    expect(outcome.error).toMatchObject({ code: 'unauthorized', status: 401 });
    for (const remedy of REMEDIES) expect(outcome.error?.message).toContain(remedy);
    expect(zd.emulator.requests).toHaveLength(1);
  });

  it('explains the remedies on a 403 for an end user, and creates nothing', async () => {
    const outcome = await zd.run(
      createTicket,
      { subject: 'Hi', description: 'From a customer token' },
      { account: zd.emulator.endUserAccount },
    );
    expect(outcome.error).toMatchObject({ code: 'forbidden', status: 403 });
    for (const remedy of REMEDIES) expect(outcome.error?.message).toContain(remedy);
    expect(zd.emulator.state.tickets.size).toBe(3);
  });
});
