import { Hono } from '@toolsteps/emulator';
import { registerAuthorizationRoutes } from './authorization-routes.js';
import { registerCommentRoutes } from './comment-routes.js';
import { registerDeletedTicketRoutes } from './deleted-ticket-routes.js';
import type { OAuthClientRegistration } from './oauth-client.js';
import { registerOAuthRoutes } from './oauth-routes.js';
import { registerOAuthTokenRoutes } from './oauth-token-routes.js';
import { registerSearchRoutes } from './search-routes.js';
import { registerTagRoutes } from './tag-routes.js';
import { registerTicketRoutes } from './ticket-routes.js';
import { registerTicketTriggerRoutes } from './ticket-trigger-routes.js';
import { registerTriggerCategoryRoutes } from './trigger-category-routes.js';
import { registerUploadRoutes } from './upload-routes.js';
import { registerUserRoutes } from './user-routes.js';
import { registerWebhookRoutes } from './webhook-routes.js';
import type { ZendeskApi } from './zendesk-api.js';
import { RecordInvalid, recordInvalid } from './zendesk-errors.js';

/**
 * The Support API as one Hono app, with the OAuth pages and endpoints of the account's registered
 * client (`defaultUserId` approves authorizations that name no `login`). Zendesk serves every path with
 * or without `.json` (`/api/v2/tickets/1042.json`), so the suffix is dropped before routing.
 */
export function zendeskApp(api: ZendeskApi, client: OAuthClientRegistration, defaultUserId: number): Hono {
  const app = new Hono({ getPath: (request) => new URL(request.url).pathname.replace(/\.json$/, '') });
  app.notFound((c) => c.json({ error: 'InvalidEndpoint', description: 'Not found' }, 404));
  app.onError((error, c) =>
    error instanceof RecordInvalid
      ? recordInvalid(error.problems)
      : c.json({ error: 'InternalError', description: `Emulator error: ${error.message}` }, 500),
  );
  registerAuthorizationRoutes(app, api, client, defaultUserId);
  registerOAuthRoutes(app, api, client);
  registerOAuthTokenRoutes(app, api);
  registerTicketRoutes(app, api);
  registerDeletedTicketRoutes(app, api);
  registerCommentRoutes(app, api);
  registerTagRoutes(app, api);
  registerUploadRoutes(app, api);
  registerUserRoutes(app, api);
  registerWebhookRoutes(app, api);
  registerTicketTriggerRoutes(app, api);
  registerSearchRoutes(app, api);
  registerTriggerCategoryRoutes(app, api);
  return app;
}
