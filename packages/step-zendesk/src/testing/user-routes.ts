import type { Hono } from '@toolsteps/emulator';
import { pageOf } from './cursor-page.js';
import { callerIn, idParam, type ZendeskApi } from './zendesk-api.js';
import { recordNotFound } from './zendesk-errors.js';

/**
 * Users (list by cursor or offset pages with `role` or `role[]` filters, show, show_many, me),
 * organizations (list, show) and the account's custom ticket fields.
 */
export function registerUserRoutes(app: Hono, api: ZendeskApi): void {
  const { state, json } = api;
  app.get('/api/v2/users', (c) => {
    const roles = [...(c.req.queries('role') ?? []), ...(c.req.queries('role[]') ?? [])];
    const all = [...state.users.values()]
      .filter((user) => roles.length === 0 || roles.includes(user.role))
      .sort((a, b) => a.id - b.id);
    const page = pageOf(c, all, (query) => `${api.origin()}/api/v2/users.json?${query}`);
    if (page instanceof Response) return page;
    return c.json({ users: page.items.map((user) => json.user(user)), ...page.paging });
  });
  app.get('/api/v2/users/me', (c) => c.json({ user: json.user(callerIn(api, c)) }));
  app.get('/api/v2/users/show_many', (c) => {
    const ids = (c.req.query('ids') ?? '').split(',').map(Number);
    const users = ids.flatMap((id) => {
      const user = state.users.get(id);
      return user ? [json.user(user)] : [];
    });
    return c.json({ users, next_page: null, previous_page: null, count: users.length });
  });
  app.get('/api/v2/users/:id', (c) => {
    const user = state.users.get(idParam(c) ?? 0);
    return user ? c.json({ user: json.user(user) }) : recordNotFound();
  });
  app.get('/api/v2/organizations', (c) => {
    const all = [...state.organizations.values()].sort((a, b) => a.id - b.id);
    const page = pageOf(c, all, (query) => `${api.origin()}/api/v2/organizations.json?${query}`);
    if (page instanceof Response) return page;
    return c.json({
      organizations: page.items.map((organization) => json.organization(organization)),
      ...page.paging,
    });
  });
  app.get('/api/v2/organizations/:id', (c) => {
    const organization = state.organizations.get(idParam(c) ?? 0);
    return organization ? c.json({ organization: json.organization(organization) }) : recordNotFound();
  });
  app.get('/api/v2/ticket_fields', (c) => {
    const fields = [...state.ticketFields.values()].map((field) => ({
      id: field.id,
      url: `${api.origin()}/api/v2/ticket_fields/${field.id}.json`,
      type: field.type,
      title: field.title,
      raw_title: field.title,
      description: field.description,
      raw_description: field.description,
      position: 10,
      active: true,
      required: field.required,
      collapsed_for_agents: false,
      visible_in_portal: true,
      editable_in_portal: false,
      required_in_portal: false,
      removable: true,
      created_at: '2029-01-12T10:00:00Z',
      updated_at: '2029-01-12T10:00:00Z',
      ...(field.options
        ? {
            custom_field_options: field.options.map((option, index) => ({
              id: field.id * 10 + index,
              name: option.name,
              raw_name: option.name,
              value: option.value,
              default: false,
            })),
          }
        : {}),
    }));
    return c.json({ ticket_fields: fields, next_page: null, previous_page: null, count: fields.length });
  });
}
