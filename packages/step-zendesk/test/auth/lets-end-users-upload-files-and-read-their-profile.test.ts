import { describe, expect, it } from '@jest/globals';
import { apiCall } from '../../src/steps/api-call.js';
import { DEMO_TICKETS, DEMO_USERS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;

/**
 * Zendesk's description allows end users "Upload Files" and their own profile (`users/me`); of what
 * the emulator serves, everything else wants an agent, and answers an end user 403.
 */
describe("an end user's own credentials", () => {
  const zd = useZendeskEmulator();
  const asEndUser = (input: Record<string, unknown>) =>
    zd.run<Json>(apiCall, input, { account: zd.emulator.endUserAccount });

  it('upload a file, as Zendesk allows end users', async () => {
    const receipt = Buffer.from('%PDF-1.4 receipt for order LC-20931');
    const uploaded = await asEndUser({
      method: 'POST',
      endpoint: '/api/v2/uploads.json?filename=receipt.pdf',
      body_base64: receipt.toString('base64'),
      content_type: 'application/pdf',
    });
    expect(uploaded.error).toBeUndefined();
    expect(uploaded.result).toMatchObject({
      status: 201,
      body: { upload: { token: expect.any(String), attachment: { file_name: 'receipt.pdf' } } },
    });
    const stored = [...zd.emulator.state.attachments.values()];
    expect(stored).toHaveLength(1);
    expect(Buffer.from(stored[0].content).equals(receipt)).toBe(true);
  });

  it('read their own profile', async () => {
    const me = await asEndUser({ endpoint: '/api/v2/users/me.json' });
    expect(me.result).toMatchObject({
      status: 200,
      body: { user: { id: DEMO_USERS.jordan, role: 'end-user' } },
    });
  });

  it('are refused the agent endpoints, whatever the method', async () => {
    const refused = [
      { endpoint: `/api/v2/tickets/${DEMO_TICKETS.leakingMachine}.json` },
      { endpoint: `/api/v2/users/${DEMO_USERS.jordan}.json` },
      {
        method: 'PUT',
        endpoint: `/api/v2/tickets/${DEMO_TICKETS.leakingMachine}/tags.json`,
        body: { tags: ['x'] },
      },
    ];
    for (const input of refused) {
      const outcome = await asEndUser(input);
      expect(outcome.error ?? outcome.result).toMatchObject({ status: 403 });
    }
    expect(zd.emulator.state.tickets.get(DEMO_TICKETS.leakingMachine)?.tags).not.toContain('x');
  });
});
