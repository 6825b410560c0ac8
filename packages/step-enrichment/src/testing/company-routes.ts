import type { Hono } from '@toolsteps/emulator';
import { findCompany } from './company-lookup.js';
import { charged, companyPrice, searchPagePrice } from './credit-ledger.js';
import { searchCompanies } from './directory-search.js';
import type { DirectoryState } from './directory-state.js';
import { noMatch } from './provider-errors.js';
import { bulkRecords, eachRecord, jsonBody } from './request-body.js';

/** `POST /company`, `/company/bulk` and the company search (at the emulator's `companySearchPath`). */
export function registerCompanyRoutes(app: Hono, state: DirectoryState, searchPath: string): void {
  app.post('/company', async (c) => {
    const company = findCompany(state, await jsonBody(c));
    if (company === undefined) return charged(state, c, 0, () => noMatch('company'));
    return charged(state, c, companyPrice(company), () => Response.json({ matched: true, company }));
  });

  app.post('/company/bulk', async (c) => {
    const companies = eachRecord(await bulkRecords(c), (record) => findCompany(state, record));
    const cost = companies.reduce((sum, company) => sum + companyPrice(company), 0);
    return charged(state, c, cost, () =>
      Response.json({
        results: companies.map((company) =>
          company === undefined ? { matched: false } : { matched: true, company },
        ),
      }),
    );
  });

  app.post(searchPath, async (c) => {
    const page = searchCompanies(state, ((await jsonBody(c)) ?? {}) as Record<string, unknown>);
    return charged(state, c, searchPagePrice(page.results.length), () => Response.json(page));
  });
}
