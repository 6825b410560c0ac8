import { defineStep, Type } from '@toolsteps/sdk';
import { Credits, WORST_CASE } from '../credits.js';
import { Person, personOf } from '../person-shapes.js';
import { PageInfo, Paging, searchPage } from '../search-page.js';

export const searchContacts = defineStep({
  id: 'enrichment.search_contacts',
  title: 'Search Contacts',
  description:
    'Discovers people matching criteria: job title, company (name or domain), location, industry (at least one; each matches case-insensitively as part of the field). One page per call, with the total and hasMore: ask for page + 1 to read on. No match is an empty list, not an error. Costs 1 credit per page with results.',
  effect: 'read',
  credits: { worstCase: WORST_CASE.searchPage },
  input: Type.Object(
    {
      jobTitle: Type.Optional(Type.String({ minLength: 1, description: 'e.g. Head of Sales' })),
      company: Type.Optional(Type.String({ minLength: 1, description: "The company's name or domain" })),
      location: Type.Optional(Type.String({ minLength: 1, description: 'City, region or country, e.g. US' })),
      industry: Type.Optional(
        Type.String({ minLength: 1, description: "The company's industry, e.g. Software" }),
      ),
      ...Paging,
    },
    { additionalProperties: false },
  ),
  output: Type.Object({ people: Type.Array(Person), ...PageInfo, credits: Credits }),
  run: async ({ page, perPage, jobTitle, company, location, industry }, ctx) => {
    const { results, ...rest } = await searchPage(
      ctx,
      'person',
      { jobTitle, company, location, industry },
      { page, perPage },
    );
    return { people: results.map(personOf), ...rest };
  },
});
