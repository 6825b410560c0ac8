import type { Hono } from '@toolsteps/emulator';
import { charged, personPrice, searchPagePrice } from './credit-ledger.js';
import { searchPeople } from './directory-search.js';
import type { DirectoryState } from './directory-state.js';
import { findPerson } from './person-lookup.js';
import { noMatch } from './provider-errors.js';
import { bulkRecords, eachRecord, jsonBody } from './request-body.js';

/** `POST /person`, `/person/bulk` and the person search (its path is the emulator's `personSearchPath`). */
export function registerPersonRoutes(app: Hono, state: DirectoryState, searchPath: string): void {
  app.post('/person', async (c) => {
    const person = findPerson(state, await jsonBody(c));
    if (person === undefined) return charged(state, c, 0, () => noMatch('person'));
    return charged(state, c, personPrice(person), () => Response.json({ matched: true, person }));
  });

  app.post('/person/bulk', async (c) => {
    const people = eachRecord(await bulkRecords(c), (record) => findPerson(state, record));
    const cost = people.reduce((sum, person) => sum + personPrice(person), 0);
    return charged(state, c, cost, () =>
      Response.json({
        results: people.map((person) =>
          person === undefined ? { matched: false } : { matched: true, person },
        ),
      }),
    );
  });

  app.post(searchPath, async (c) => {
    const page = searchPeople(state, ((await jsonBody(c)) ?? {}) as Record<string, unknown>);
    return charged(state, c, searchPagePrice(page.results.length), () => Response.json(page));
  });
}
