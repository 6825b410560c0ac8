import { defineStep, Type } from '@toolsteps/sdk';
import { Credits, creditsOf, reportCredits, WORST_CASE } from '../credits.js';
import { providerRequest } from '../enrichment-call.js';
import { PERSON_FORMS, PersonQuery, personForm } from '../identification-forms.js';
import { Person, personOf, personPrice } from '../person-shapes.js';

const Answer = Type.Object({ person: Type.Object({}) });

export const findContact = defineStep({
  id: 'enrichment.find_contact',
  title: 'Find Contact',
  description: `Finds one person by exactly one form: ${PERSON_FORMS}. Returns their emails, phone numbers, job title, company, location and social profiles. No match is not an error: matched is false and nothing is charged. Costs 1 credit, 2 when a phone number comes back. For many known people at once, use Enrich Contacts; to discover people by criteria, Search Contacts.`,
  effect: 'read',
  credits: { worstCase: WORST_CASE.findContact },
  input: PersonQuery,
  output: Type.Object({
    matched: Type.Boolean(),
    person: Type.Optional(Person),
    credits: Credits,
  }),
  run: async (input, ctx) => {
    const answer = await providerRequest<{ person: unknown }>(ctx, {
      method: 'POST',
      path: 'person',
      json: personForm(input),
      expect: Answer,
    });
    if (answer.noMatch) return { matched: false, credits: reportCredits(ctx, creditsOf(answer.headers, 0)) };
    const person = personOf(answer.body.person);
    return {
      matched: true,
      person,
      credits: reportCredits(ctx, creditsOf(answer.headers, personPrice(person))),
    };
  },
});
