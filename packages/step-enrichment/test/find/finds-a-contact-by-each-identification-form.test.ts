import { describe, expect, it } from '@jest/globals';
import { findContact } from '../../src/steps/find-contact.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('enrichment.find_contact', () => {
  const provider = useEnrichmentEmulator();

  it.each([
    ['an email', { email: 'ana.ruiz@northwind-analytics.example' }],
    ['a profile URL', { profileUrl: 'https://profiles.example/in/ana-ruiz' }],
    [
      'first name, last name and company name',
      { firstName: 'Ana', lastName: 'Ruiz', company: 'Northwind Analytics' },
    ],
    [
      'first name, last name and company domain',
      { firstName: 'ana', lastName: 'ruiz', company: 'northwind-analytics.example' },
    ],
  ])(
    'finds Ana Ruiz by %s, with her emails, phone, job, company, location and profiles',
    async (_form, input) => {
      const outcome = await provider.run(findContact, input);
      expect(outcome.error).toBeUndefined();
      expect(outcome.result).toMatchObject({
        matched: true,
        person: {
          fullName: 'Ana Ruiz',
          emails: expect.arrayContaining([
            { address: 'ana.ruiz@northwind-analytics.example', type: 'work', verified: true },
          ]),
          phoneNumbers: [{ number: expect.any(String), type: 'mobile' }],
          jobTitle: 'VP of Engineering',
          company: { name: 'Northwind Analytics', domain: 'northwind-analytics.example' },
          location: { city: 'Austin', region: 'TX', country: 'US' },
          socialProfiles: [{ network: 'profiles', url: 'https://profiles.example/in/ana-ruiz' }],
        },
      });
      expect(provider.emulator.requests.map((request) => [request.method, request.path])).toEqual([
        ['POST', '/person'],
      ]);
      expect(provider.emulator.requests[0].body).toEqual(input);
    },
  );

  it('answers matched: false, not an error, when nobody matches, and nothing is charged', async () => {
    const outcome = await provider.run(findContact, { email: 'nobody@nowhere.example' });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toEqual({
      matched: false,
      credits: { spent: 0, estimated: false, remaining: 1_000 },
    });
    expect(provider.emulator.requests[0].status).toBe(404);
  });
});
