import { defineStep, Type } from '@toolsteps/sdk';
import { batchesWorstCase, inBatches, MAX_RECORDS, PROVIDER_BATCH_LIMIT } from '../bulk-batches.js';
import { Credits, WORST_CASE } from '../credits.js';
import { PERSON_FORMS, PersonQuery, personForm } from '../identification-forms.js';
import { Person, personOf, personPrice } from '../person-shapes.js';

export const enrichContacts = defineStep({
  id: 'enrichment.enrich_contacts',
  title: 'Enrich Contacts',
  description: `Adds verified emails, phone numbers, job title, company, location and social profiles to up to ${MAX_RECORDS} contact records, each identified by one form (${PERSON_FORMS}). Results come back one per record in input order; a record with no match is matched: false, not an error. Records go in batches of ${PROVIDER_BATCH_LIMIT}, the provider's limit. Costs 1 credit per matched record, 2 when a phone number comes back.`,
  effect: 'read',
  // The batches not done yet: a retry, or the run resumed, takes the others back.
  credits: {
    worstCase: ({ people }, done) => batchesWorstCase('person/bulk', people, done, WORST_CASE.enrichContacts),
  },
  input: Type.Object(
    { people: Type.Array(PersonQuery, { minItems: 1, maxItems: MAX_RECORDS }) },
    { additionalProperties: false },
  ),
  output: Type.Object({
    results: Type.Array(Type.Object({ matched: Type.Boolean(), person: Type.Optional(Person) }), {
      description: 'One per input record, in input order',
    }),
    matched: Type.Integer({ description: 'How many records matched' }),
    credits: Credits,
  }),
  run: async ({ people }, ctx) => {
    const outcome = await inBatches(ctx, 'person/bulk', people, {
      field: 'person',
      form: (person, index) => personForm(person, `/args/people/${index}`),
      shape: personOf,
      price: personPrice,
      worstCase: WORST_CASE.enrichContacts,
    });
    return {
      results: outcome.results.map(({ matched, record }) =>
        record ? { matched, person: record } : { matched },
      ),
      matched: outcome.results.filter((result) => result.matched).length,
      credits: outcome.credits,
    };
  },
});
