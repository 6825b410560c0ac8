import type { DirectoryCompany, DirectoryPerson } from './directory-model.js';
import { seedCompanies, seedPeople } from './directory-seed.js';

/** One API key of the provider: the account it belongs to and its credit balance. */
export interface KeyAccount {
  name: string;
  remaining: number;
}

/** The emulator's in-memory provider: its directory, API keys with balances, and its switches. */
export class DirectoryState {
  companies: DirectoryCompany[] = [];
  people: DirectoryPerson[] = [];
  readonly keys = new Map<string, KeyAccount>();
  /** Credits taken from each key since the last seed: the provider's own ledger of charges. */
  readonly charges = new Map<string, number>();
  /** Whether answers say what they cost (`X-Credits-Used`, `X-Credits-Remaining`); tests turn it off. */
  reportsCredits = true;
  /** The header the provider reads the API key from (lowercase). */
  apiKeyHeader = 'x-api-key';
  /** Requests per key per minute before a 429 with Retry-After; undefined for no limit. */
  requestsPerMinute: number | undefined;
  /** Requests per key in the current minute window: `[window start (ms), count]`. */
  readonly windows = new Map<string, [number, number]>();

  constructor(readonly now: () => number) {}

  seed(balances: Record<string, KeyAccount>): this {
    this.companies = seedCompanies();
    this.people = seedPeople(this.companies);
    this.keys.clear();
    for (const [key, account] of Object.entries(balances)) this.keys.set(key, { ...account });
    this.charges.clear();
    this.windows.clear();
    this.reportsCredits = true;
    this.apiKeyHeader = 'x-api-key';
    this.requestsPerMinute = undefined;
    return this;
  }

  companyByDomain(domain: string): DirectoryCompany | undefined {
    const wanted = bareDomain(domain);
    return this.companies.find((company) => company.domain === wanted);
  }

  companyByName(name: string): DirectoryCompany | undefined {
    const wanted = name.trim().toLowerCase();
    return this.companies.find((company) => company.name.toLowerCase() === wanted);
  }
}

/** `https://www.Acme.example/about` → `acme.example`: people type domains every way. */
export function bareDomain(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
}
