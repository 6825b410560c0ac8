import { describe, expect, it } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import zendesk from '../../src/index.js';
import { DEMO_TICKETS, DEMO_TOKENS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

describe('a workflow with two Zendesk accounts signs each step with the account the step names', () => {
  const zd = useZendeskEmulator();

  it('sends the OAuth agent’s bearer token for one step and the API token for the other', async () => {
    const { account, apiTokenAccount } = zd.emulator;
    const engine = await createEngine({ integrations: [zendesk], accounts: [account, apiTokenAccount] });
    const workflow = await engine.load({
      text: JSON.stringify({
        id: 'two-accounts',
        steps: [
          {
            id: 'by_oauth',
            step: 'zendesk.get_ticket',
            account: account.id,
            args: { ticket_id: DEMO_TICKETS.leakingMachine },
          },
          {
            id: 'by_api_token',
            step: 'zendesk.get_ticket',
            account: apiTokenAccount.name,
            args: { ticket_id: DEMO_TICKETS.missingBurrs },
          },
        ],
      }),
    });

    const result = await engine.run(workflow, {});

    expect(result.status).toBe('succeeded');
    const signed = (ticket: number) =>
      zd.emulator.requests
        .filter((request) => request.path.startsWith(`/api/v2/tickets/${ticket}`))
        .map((request) => request.headers.authorization);
    const basic = `Basic ${Buffer.from(`${apiTokenAccount.credentials.email}/token:${DEMO_TOKENS.apiToken}`).toString('base64')}`;
    expect(new Set(signed(DEMO_TICKETS.leakingMachine))).toEqual(
      new Set([`Bearer ${DEMO_TOKENS.agentAccess}`]),
    );
    expect(new Set(signed(DEMO_TICKETS.missingBurrs))).toEqual(new Set([basic]));
  });
});
