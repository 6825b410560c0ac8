import { defineStep, Type } from '@toolsteps/sdk';
import { Company, companyOf } from '../company-shapes.js';
import { Credits, creditsOf, PRICES, reportCredits, WORST_CASE } from '../credits.js';
import { providerRequest } from '../enrichment-call.js';
import { CompanyQuery, companyForm } from '../identification-forms.js';

const Answer = Type.Object({ company: Type.Object({}) });

export const findCompany = defineStep({
  id: 'enrichment.find_company',
  title: 'Find Company',
  description:
    'Finds one company by its domain or its name (exactly one). Returns its size, industry, location, revenue, technologies and social profiles. No match is not an error: matched is false and nothing is charged. Costs 1 credit. For many known companies at once, use Enrich Companies; to discover companies by criteria, Search Companies.',
  effect: 'read',
  credits: { worstCase: WORST_CASE.findCompany },
  input: CompanyQuery,
  output: Type.Object({
    matched: Type.Boolean(),
    company: Type.Optional(Company),
    credits: Credits,
  }),
  run: async (input, ctx) => {
    const answer = await providerRequest<{ company: unknown }>(ctx, {
      method: 'POST',
      path: 'company',
      json: companyForm(input),
      expect: Answer,
    });
    if (answer.noMatch) return { matched: false, credits: reportCredits(ctx, creditsOf(answer.headers, 0)) };
    return {
      matched: true,
      company: companyOf(answer.body.company),
      credits: reportCredits(ctx, creditsOf(answer.headers, PRICES.company)),
    };
  },
});
