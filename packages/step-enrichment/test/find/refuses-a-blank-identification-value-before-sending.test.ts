import { describe, expect, it } from '@jest/globals';
import { enrichContacts } from '../../src/steps/enrich-contacts.js';
import { findCompany } from '../../src/steps/find-company.js';
import { findContact } from '../../src/steps/find-contact.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('identification values of only whitespace', () => {
  const provider = useEnrichmentEmulator();

  it('refuses find_contact with email "   " at args/email, sending nothing', async () => {
    const outcome = await provider.run(findContact, { email: '   ' });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/email' });
    expect(outcome.error?.message).toContain('email is blank');
    expect(provider.emulator.requests).toHaveLength(0);
  });

  it('refuses a blank company name at args/name, sending nothing', async () => {
    const outcome = await provider.run(findCompany, { name: ' \t ' });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/name' });
    expect(provider.emulator.requests).toHaveLength(0);
  });

  it('refuses a bulk record with a blank lastName at its own pointer, sending nothing', async () => {
    const outcome = await provider.run(enrichContacts, {
      people: [
        { email: 'ana.ruiz@northwind-analytics.example' },
        { firstName: 'Ben', lastName: '  ', company: 'Northwind' },
      ],
    });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/people/1/lastName' });
    expect(provider.emulator.requests).toHaveLength(0);
  });
});
