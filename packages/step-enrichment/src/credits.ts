import { type StepContext, Type } from '@toolsteps/sdk';

/** What a step spent, in every step's output. */
export const Credits = Type.Object(
  {
    spent: Type.Integer({ minimum: 0, description: 'Credits this step used' }),
    estimated: Type.Boolean({
      description: 'true when the provider did not say (no X-Credits-Used) and the pricing rules computed it',
    }),
    remaining: Type.Optional(
      Type.Integer({ description: 'Credits left on the API key, when the provider says' }),
    ),
  },
  { description: 'Credits spent: from the answer when the provider reports them, else estimated' },
);

export interface CreditsJson {
  spent: number;
  estimated: boolean;
  remaining?: number;
}

/**
 * The provider's pricing, used when an answer does not say what it cost: a matched
 * person 1 credit, 2 with a phone number; a matched company 1; a search page with results 1
 * (our reading of the provider: searches are charged per page, an empty page is free); no match 0.
 */
export const PRICES = { person: 1, personWithPhone: 2, company: 1, searchPage: 1 } as const;

/**
 * The most a step can spend (its `credits.worstCase`, checked against budgets before it sends):
 * 2 per contact record, 1 per company record, 1 per search page.
 */
export const WORST_CASE = {
  findContact: () => PRICES.personWithPhone,
  findCompany: () => PRICES.company,
  enrichContacts: (records: number) => PRICES.personWithPhone * records,
  enrichCompanies: (records: number) => PRICES.company * records,
  searchPage: () => PRICES.searchPage,
} as const;

/** What one answer cost: its `X-Credits-Used` (and `-Remaining`) headers, else `estimate`. */
export function creditsOf(headers: Record<string, string>, estimate: number): CreditsJson {
  const used = wholeNumber(headers['x-credits-used']);
  const remaining = wholeNumber(headers['x-credits-remaining']);
  return {
    spent: used ?? estimate,
    estimated: used === undefined,
    ...(remaining === undefined ? {} : { remaining }),
  };
}

/** Several answers' credits together (a split bulk request, several pages): the last remaining wins. */
export function addCredits(parts: readonly CreditsJson[]): CreditsJson {
  const remaining = parts.findLast((part) => part.remaining !== undefined)?.remaining;
  return {
    spent: parts.reduce((sum, part) => sum + part.spent, 0),
    estimated: parts.some((part) => part.estimated),
    ...(remaining === undefined ? {} : { remaining }),
  };
}

/** Reports the credits to the engine (`ctx.credits`: budgets, the run's totals) and returns them. */
export function reportCredits(ctx: StepContext, credits: CreditsJson): CreditsJson {
  ctx.credits.spent(credits.spent, { estimated: credits.estimated });
  return credits;
}

function wholeNumber(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  return Number(text.trim());
}
