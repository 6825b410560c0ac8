import { describe, expect, it } from '@jest/globals';
import { findCompany } from '../../src/steps/find-company.js';
import { findContact } from '../../src/steps/find-contact.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('find steps take exactly one identification form', () => {
  const provider = useEnrichmentEmulator();

  it.each([
    ['no form at all', {}, 'one form'],
    [
      'an email and a profile URL',
      { email: 'a@b.example', profileUrl: 'https://profiles.example/in/a' },
      'mixes email, profileUrl',
    ],
    ['an email and a name', { email: 'a@b.example', firstName: 'Ana' }, 'mixes'],
    ['a name without a company', { firstName: 'Ana', lastName: 'Ruiz' }, 'company missing'],
    ['a last name alone', { lastName: 'Ruiz' }, 'firstName and company missing'],
  ])('find_contact refuses %s, naming the forms, and sends nothing', async (_what, input, said) => {
    const outcome = await provider.run(findContact, input);
    expect(outcome.error).toMatchObject({ code: 'validation', field: expect.stringMatching(/\/args$/) });
    expect(outcome.error?.message).toContain(said);
    expect(outcome.error?.message).toContain('email; or profileUrl');
    expect(provider.emulator.requests).toEqual([]);
  });

  it.each([
    ['neither domain nor name', {}],
    ['both domain and name', { domain: 'ironbark.example', name: 'Ironbark Finance' }],
  ])('find_company refuses %s and sends nothing', async (_what, input) => {
    const outcome = await provider.run(findCompany, input);
    expect(outcome.error).toMatchObject({ code: 'validation' });
    expect(outcome.error?.message).toContain('exactly one of domain or name');
    expect(provider.emulator.requests).toEqual([]);
  });
});
