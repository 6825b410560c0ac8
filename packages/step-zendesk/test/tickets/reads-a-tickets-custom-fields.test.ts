import { describe, expect, it } from '@jest/globals';
import { getTicket } from '../../src/index.js';
import { DEMO_FIELDS, DEMO_TICKETS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;

describe("zendesk.get_ticket returns the ticket's custom fields by field id", () => {
  const zd = useZendeskEmulator();

  it('reads the order number, product line and warranty claim of the leaking machine', async () => {
    const outcome = await zd.run<Json>(getTicket, { ticket_id: DEMO_TICKETS.leakingMachine });

    expect(outcome.error).toBeUndefined();
    expect(outcome.result.custom_fields).toEqual(
      expect.arrayContaining([
        { id: DEMO_FIELDS.orderNumber, value: 'LC-20931' },
        { id: DEMO_FIELDS.productLine, value: 'espresso_machines' },
        { id: DEMO_FIELDS.warrantyClaim, value: true },
      ]),
    );
  });
});
