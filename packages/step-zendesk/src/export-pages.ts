import { type StepContext, Type } from '@toolsteps/sdk';
import { type TicketJson, ticketOf } from './ticket-shapes.js';
import { zendeskRequest } from './zendesk-call.js';

/** Zendesk recommends 100 results a page for the export (it allows 1,000, with timeouts). */
export const EXPORT_PAGE_SIZE = 100;

const ExportPage = Type.Object({
  results: Type.Array(Type.Object({ id: Type.Integer() })),
  meta: Type.Object({
    has_more: Type.Boolean(),
    after_cursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
});

interface ExportAnswer {
  results: Record<string, unknown>[];
  meta: { has_more: boolean; after_cursor?: string | null };
}

export interface ExportedTickets {
  tickets: TicketJson[];
  has_more: boolean;
  /** Where the next page starts (`page[after]`); null when none remain. Zendesk expires it after an hour. */
  after_cursor: string | null;
}

/**
 * Tickets matching `query` through the export search (`GET /api/v2/search/export`,
 * `filter[type]=ticket`): cursor pages (`page[size]`, `page[after]` ← `meta.after_cursor`) while
 * `meta.has_more`, up to `limit` tickets, newest created first. No 1,000-result cap, no count.
 * Pages are sized so none is cut short: the cursor handed back resumes exactly after the last ticket.
 */
export async function exportTickets(
  ctx: StepContext,
  query: string,
  options: { limit: number; pageSize?: number; after?: string },
): Promise<ExportedTickets> {
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  const tickets: TicketJson[] = [];
  let after = options.after;
  for (;;) {
    const answer = await zendeskRequest<ExportAnswer>(ctx, {
      method: 'GET',
      path: 'api/v2/search/export.json',
      query: {
        query,
        'filter[type]': 'ticket',
        'page[size]': Math.min(pageSize, options.limit - tickets.length),
        'page[after]': after,
      },
      expect: ExportPage,
    });
    tickets.push(...answer.results.map(ticketOf));
    const cursor = answer.meta.after_cursor ?? null;
    // An empty page cannot move the cursor on: stop rather than ask for it again.
    const stuck = answer.results.length === 0;
    if (!answer.meta.has_more || cursor === null || stuck || tickets.length >= options.limit)
      return {
        tickets,
        has_more: answer.meta.has_more && cursor !== null,
        after_cursor: answer.meta.has_more ? cursor : null,
      };
    after = cursor;
  }
}
