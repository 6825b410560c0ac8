import { describe, expect, it } from '@jest/globals';
import { getTicket } from '../../src/steps/get-ticket.js';
import { DEMO_TICKETS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

describe("the account's subdomain and baseUrl", () => {
  const zd = useZendeskEmulator();
  const runWith = (settings: Record<string, unknown>) =>
    zd.run(
      getTicket,
      { ticket_id: DEMO_TICKETS.invoiceCopy },
      { account: { ...zd.emulator.account, id: 'zd-settings', settings } },
    );

  it.each([['evil.example/x'], ['acme.zendesk.com'], ['user@evil.example'], ['-acme'], ['acme:8080']])(
    'refuses subdomain %s before anything is sent',
    async (subdomain) => {
      const outcome = await runWith({ subdomain });
      expect(outcome.error?.code).toBe('validation');
      expect(outcome.error?.message).toContain('subdomain');
      expect(zd.emulator.requests).toEqual([]);
    },
  );

  it('refuses a plain http baseUrl that is not loopback', async () => {
    const outcome = await runWith({ subdomain: 'acme', baseUrl: 'http://acme.example.com' });
    expect(outcome.error).toMatchObject({ code: 'validation' });
    expect(outcome.error?.message).toContain('plain http');
  });

  it('uses the baseUrl of an emulator on loopback', async () => {
    const outcome = await runWith({ subdomain: 'lumencoffee', baseUrl: zd.emulator.baseUrl });
    expect(outcome.error).toBeUndefined();
  });
});
