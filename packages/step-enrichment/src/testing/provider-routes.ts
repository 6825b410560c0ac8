import type { Hono } from '@toolsteps/emulator';
import { registerCompanyRoutes } from './company-routes.js';
import type { DirectoryState } from './directory-state.js';
import { InvalidRequest } from './person-lookup.js';
import { registerPersonRoutes } from './person-routes.js';
import { invalidRequest } from './provider-errors.js';
import { BatchTooLarge, BULK_LIMIT } from './request-body.js';

export interface SearchPaths {
  person: string;
  company: string;
}

/** The provider's API: people, companies, and `GET /account` (the key's account and balance, free). */
export function registerProviderRoutes(app: Hono, state: DirectoryState, searchPaths: SearchPaths): void {
  app.notFound((c) =>
    c.json({ error: 'not_found', message: `No endpoint ${c.req.method} ${c.req.path}` }, 404),
  );
  app.onError((error, c) => {
    if (error instanceof BatchTooLarge)
      return c.json({ error: 'batch_too_large', message: error.message, limit: BULK_LIMIT }, 422);
    if (error instanceof InvalidRequest) return invalidRequest(error.message);
    return c.json({ error: 'internal_error', message: `Emulator error: ${error.message}` }, 500);
  });
  app.get('/account', (c) => {
    const account = state.keys.get(c.req.header(state.apiKeyHeader) ?? '');
    return c.json({ name: account?.name, credits: { remaining: account?.remaining } });
  });
  registerPersonRoutes(app, state, searchPaths.person);
  registerCompanyRoutes(app, state, searchPaths.company);
}
