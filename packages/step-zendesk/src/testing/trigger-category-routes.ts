import type { Hono } from '@toolsteps/emulator';
import { jsonObject, type ZendeskApi } from './zendesk-api.js';
import { recordInvalid, recordNotFound } from './zendesk-errors.js';

/** Trigger categories: show and update (PATCH, one of the few Support API endpoints that use it). */
export function registerTriggerCategoryRoutes(app: Hono, api: ZendeskApi): void {
  const { state } = api;
  app.get('/api/v2/trigger_categories/:id', (c) => {
    const category = state.triggerCategories.get(c.req.param('id'));
    return category ? c.json({ trigger_category: category }) : recordNotFound();
  });

  app.patch('/api/v2/trigger_categories/:id', async (c) => {
    const category = state.triggerCategories.get(c.req.param('id'));
    if (!category) return recordNotFound();
    const body = await jsonObject(c);
    if (body instanceof Response) return body;
    const changes = (body.trigger_category ?? {}) as Record<string, unknown>;
    if (changes.name !== undefined && (typeof changes.name !== 'string' || changes.name.trim() === ''))
      return recordInvalid([{ field: 'name', error: 'BlankValue', description: 'Name: cannot be blank' }]);
    if (changes.position !== undefined && !Number.isInteger(changes.position))
      return recordInvalid([
        { field: 'position', error: 'InvalidValue', description: 'Position: must be an integer' },
      ]);
    if (typeof changes.name === 'string') category.name = changes.name;
    if (typeof changes.position === 'number') category.position = changes.position;
    category.updated_at = state.isoNow();
    return c.json({ trigger_category: category });
  });
}
