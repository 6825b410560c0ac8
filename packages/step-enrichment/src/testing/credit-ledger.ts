import type { Context } from '@toolsteps/emulator';
import type { DirectoryPerson } from './directory-model.js';
import type { DirectoryState } from './directory-state.js';
import { insufficientCredits } from './provider-errors.js';

/** The provider's prices: a person with a phone number costs 2, without 1; a company 1; no match 0. */
export const personPrice = (person: DirectoryPerson | undefined) =>
  person === undefined ? 0 : person.phoneNumbers.length > 0 ? 2 : 1;
export const companyPrice = (company: unknown) => (company === undefined ? 0 : 1);
/** A search page with results costs 1; an empty one is free. */
export const searchPagePrice = (results: number) => (results > 0 ? 1 : 0);

/**
 * Charges the key that signed the request, all or nothing: a balance short of `cost` answers 402
 * `insufficient_credits` and nothing is charged. Otherwise `answer` is sent, with the
 * `X-Credits-Used` and `X-Credits-Remaining` headers when the provider reports credits.
 */
export function charged(state: DirectoryState, c: Context, cost: number, answer: () => Response): Response {
  const key = c.req.header(state.apiKeyHeader) ?? '';
  const account = state.keys.get(key);
  if (account === undefined) throw new Error('charged() runs only after the API key was accepted');
  if (cost > account.remaining) return insufficientCredits(cost, account.remaining);
  account.remaining -= cost;
  // Charged as the request is processed, whatever becomes of its answer (a fault may drop or replace it).
  state.charges.set(key, (state.charges.get(key) ?? 0) + cost);
  const response = answer();
  if (state.reportsCredits) {
    response.headers.set('x-credits-used', String(cost));
    response.headers.set('x-credits-remaining', String(account.remaining));
  }
  return response;
}
