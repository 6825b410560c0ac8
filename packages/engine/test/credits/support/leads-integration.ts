import { type ConnectedAccount, defineIntegration, defineStep, Type } from '../../../src/index.js';

/**
 * A tiny metered integration, priced like the sales-intelligence provider: 1–2 credits per contact
 * enriched, 1 per company, per record in bulk. Its emulator (leads-emulator.ts) may or may not say
 * what an answer cost.
 */

const Contact = Type.Object({ email: Type.String(), phone: Type.Optional(Type.String()) });

/** What the provider says an answer cost, when it says (`credits_used`). */
interface Priced {
  credits_used?: number;
}

const enrichContact = defineStep({
  id: 'leads.enrich_contact',
  title: 'Enrich contact',
  description: 'Finds a contact by email: 1 credit, 2 when a phone number is found.',
  effect: 'read',
  input: Type.Object({ email: Type.String() }),
  output: Type.Object({ contact: Type.Union([Contact, Type.Null()]) }),
  credits: { worstCase: () => 2 },
  run: async ({ email }, ctx) => {
    const answer = await ctx.http.get<Priced & { contact: { email: string; phone?: string } | null }>(
      '/contacts',
      { email },
    );
    const { contact, credits_used } = answer.body;
    if (credits_used !== undefined) ctx.credits.spent(credits_used);
    else ctx.credits.spent(contact === null ? 0 : contact.phone ? 2 : 1, { estimated: true });
    return { contact };
  },
});

/** Reports nothing: the engine charges its worst case, labelled estimated. */
const enrichCompany = defineStep({
  id: 'leads.enrich_company',
  title: 'Enrich company',
  description: 'Finds a company by domain: 1 credit.',
  effect: 'read',
  input: Type.Object({ domain: Type.String() }),
  output: Type.Object({ name: Type.String() }),
  credits: { worstCase: () => 1 },
  run: async ({ domain }, ctx) => {
    const answer = await ctx.http.get<{ name: string }>('/companies', { domain });
    return { name: answer.body.name };
  },
});

const bulkEnrich = defineStep({
  id: 'leads.bulk_enrich',
  title: 'Bulk enrich contacts',
  description: 'Enriches a batch of contacts in one request: up to 2 credits per record.',
  effect: 'read',
  input: Type.Object({ emails: Type.Array(Type.String(), { minItems: 1 }) }),
  output: Type.Object({ contacts: Type.Array(Type.Union([Contact, Type.Null()])) }),
  credits: { worstCase: ({ emails }) => 2 * emails.length },
  run: async ({ emails }, ctx) => {
    const answer = await ctx.http.get<Priced & { contacts: Array<{ email: string; phone?: string } | null> }>(
      '/contacts/bulk',
      { emails: emails.join(',') },
    );
    ctx.credits.spent(answer.body.credits_used ?? 2 * emails.length, {
      estimated: answer.body.credits_used === undefined,
    });
    return { contacts: answer.body.contacts };
  },
});

/** Free: not metered, so a budget on it is refused by validation. */
const usage = defineStep({
  id: 'leads.usage',
  title: 'Usage',
  description: 'Reads the credits left on the plan.',
  effect: 'read',
  input: Type.Object({}),
  output: Type.Object({ left: Type.Integer() }),
  run: async (_input, ctx) => ({ left: (await ctx.http.get<{ left: number }>('/usage')).body.left }),
});

export const leads = defineIntegration({
  id: 'leads',
  title: 'Leads',
  status: 'beta',
  connection: Type.Object({
    baseUrl: Type.String(),
    maxCreditsPerRun: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  credits: { accountBudgetSetting: 'maxCreditsPerRun' },
  auth: { kind: 'apiKey' },
  http: (account) => ({ baseUrl: String(account.settings.baseUrl) }),
  steps: [enrichContact, enrichCompany, bulkEnrich, usage],
});

export function leadsAccount(
  baseUrl: string,
  options: { id?: string; maxCreditsPerRun?: unknown } = {},
): ConnectedAccount {
  const id = options.id ?? 'leads-main';
  const settings: Record<string, unknown> = { baseUrl };
  if (options.maxCreditsPerRun !== undefined) settings.maxCreditsPerRun = options.maxCreditsPerRun;
  return { id, integration: 'leads', name: id, settings, credentials: { apiKey: `key-of-${id}-7f3a9c` } };
}
