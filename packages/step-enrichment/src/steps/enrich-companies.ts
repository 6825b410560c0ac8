import { defineStep, Type } from '@toolsteps/sdk';
import { batchesWorstCase, inBatches, MAX_RECORDS, PROVIDER_BATCH_LIMIT } from '../bulk-batches.js';
import { Company, companyOf } from '../company-shapes.js';
import { Credits, PRICES, WORST_CASE } from '../credits.js';
import { CompanyQuery, companyForm } from '../identification-forms.js';

export const enrichCompanies = defineStep({
  id: 'enrichment.enrich_companies',
  title: 'Enrich Companies',
  description: `Adds firmographics (employee count and band, industry, location, revenue, technologies, social profiles) to up to ${MAX_RECORDS} company records, each identified by its domain or its name. Results come back one per record in input order; a record with no match is matched: false, not an error. Records go in batches of ${PROVIDER_BATCH_LIMIT}, the provider's limit. Costs 1 credit per matched record.`,
  effect: 'read',
  // The batches not done yet: a retry, or the run resumed, takes the others back.
  credits: {
    worstCase: ({ companies }, done) =>
      batchesWorstCase('company/bulk', companies, done, WORST_CASE.enrichCompanies),
  },
  input: Type.Object(
    { companies: Type.Array(CompanyQuery, { minItems: 1, maxItems: MAX_RECORDS }) },
    { additionalProperties: false },
  ),
  output: Type.Object({
    results: Type.Array(Type.Object({ matched: Type.Boolean(), company: Type.Optional(Company) }), {
      description: 'One per input record, in input order',
    }),
    matched: Type.Integer({ description: 'How many records matched' }),
    credits: Credits,
  }),
  run: async ({ companies }, ctx) => {
    const outcome = await inBatches(ctx, 'company/bulk', companies, {
      field: 'company',
      form: (company, index) => companyForm(company, `/args/companies/${index}`),
      shape: companyOf,
      price: () => PRICES.company,
      worstCase: WORST_CASE.enrichCompanies,
    });
    return {
      results: outcome.results.map(({ matched, record }) =>
        record ? { matched, company: record } : { matched },
      ),
      matched: outcome.results.filter((result) => result.matched).length,
      credits: outcome.credits,
    };
  },
});
