import { defineStep, Type } from '@toolsteps/sdk';
import { Company, companyOf } from '../company-shapes.js';
import { Credits, WORST_CASE } from '../credits.js';
import { PageInfo, Paging, searchPage } from '../search-page.js';

const SIZE_BANDS = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001+'] as const;

export const searchCompanies = defineStep({
  id: 'enrichment.search_companies',
  title: 'Search Companies',
  description:
    'Discovers companies matching criteria: industry, location, size (employee bands, any of them), technologies (all of them), name (at least one criterion). One page per call, with the total and hasMore: ask for page + 1 to read on. No match is an empty list, not an error. Costs 1 credit per page with results.',
  effect: 'read',
  credits: { worstCase: WORST_CASE.searchPage },
  input: Type.Object(
    {
      industry: Type.Optional(Type.String({ minLength: 1, description: 'e.g. Software' })),
      location: Type.Optional(Type.String({ minLength: 1, description: 'City, region or country, e.g. CA' })),
      size: Type.Optional(
        Type.Array(Type.Union(SIZE_BANDS.map((band) => Type.Literal(band))), {
          minItems: 1,
          description: `Employee bands: ${SIZE_BANDS.join(', ')}`,
        }),
      ),
      technologies: Type.Optional(
        Type.Array(Type.String({ minLength: 1 }), {
          minItems: 1,
          description: 'All of these, e.g. ["Shopify"]',
        }),
      ),
      name: Type.Optional(Type.String({ minLength: 1, description: 'Part of the company name' })),
      ...Paging,
    },
    { additionalProperties: false },
  ),
  output: Type.Object({ companies: Type.Array(Company), ...PageInfo, credits: Credits }),
  run: async ({ page, perPage, industry, location, size, technologies, name }, ctx) => {
    const { results, ...rest } = await searchPage(
      ctx,
      'company',
      { industry, location, size, technologies, name },
      { page, perPage },
    );
    return { companies: results.map(companyOf), ...rest };
  },
});
