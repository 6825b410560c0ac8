import { defineStep } from '@toolsteps/sdk';
import { Type } from '../../../../src/index.js';
import { enrichment } from './enrichment-provider.js';

/** What the provider charges at most: a contact with a phone number 2, a company 1. */
const WORST = { person: 2, company: 1 } as const;

/**
 * A metered step of two lookups, a contact then a company (one after the other, or `together`), that
 * reports their credits once, with the total, at its end (as `ctx.credits.spent` allows), or `each`
 * as it is answered. Until it reports, only the engine's holds stand for what a lookup cost.
 */
const findContactAndCompany = defineStep({
  id: 'enrichment.find_contact_and_company',
  title: 'Find Contact and Company (test)',
  description: 'Looks up a contact and a company, and reports what they cost.',
  effect: 'read',
  credits: { worstCase: () => WORST.person + WORST.company },
  input: Type.Object({
    email: Type.String(),
    domain: Type.String(),
    together: Type.Boolean(),
    reports: Type.Union([Type.Literal('at the end'), Type.Literal('each')]),
  }),
  output: Type.Object({ spent: Type.Number() }),
  run: async ({ email, domain, together, reports }, ctx) => {
    const lookUp = async (path: 'person' | 'company', json: object) => {
      const answer = await ctx.http.request({ method: 'POST', path, json, worstCaseCredits: WORST[path] });
      const spent = Number(answer.headers['x-credits-used']);
      if (reports === 'each') ctx.credits.spent(spent);
      return spent;
    };
    const person = () => lookUp('person', { email });
    const company = () => lookUp('company', { domain });
    const costs = together ? await Promise.all([person(), company()]) : [await person(), await company()];
    const spent = costs[0] + costs[1];
    if (reports === 'at the end') ctx.credits.spent(spent);
    return { spent };
  },
});

/** The provider's integration with the step above added. */
export const enrichmentWithContactAndCompany = {
  ...enrichment,
  steps: [...enrichment.steps, findContactAndCompany],
};
