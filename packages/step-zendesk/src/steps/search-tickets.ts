import { defineStep, Type } from '@toolsteps/sdk';
import { SEARCH_RESULTS_CAP, SearchPageInput, searchTicketPages } from '../search-pages.js';
import { ticketSearchQuery } from '../ticket-query.js';
import { Ticket } from '../ticket-shapes.js';

const SORTS = ['updated_at', 'created_at', 'priority', 'status', 'ticket_type'] as const;

export const searchTickets = defineStep({
  id: 'zendesk.search_tickets',
  title: 'Search Tickets',
  description: `Finds tickets with Zendesk's search language (GET /api/v2/search.json), passed through as written: words matched in subjects and comments, plus keywords such as status:open, status<solved, priority:urgent, assignee:me or assignee:none, requester:jordan@example.com, tags:refund, created>2029-11-01. type:ticket is added when the query names no type. Zendesk serves only the first ${SEARCH_RESULTS_CAP} results of a search: capped says when more match, with their count; all: true with a limit above ${SEARCH_RESULTS_CAP} reads them all through the export search (newest first, sort_by not applied). Zendesk indexes a new ticket within a few minutes.`,
  effect: 'read',
  input: Type.Object(
    {
      query: Type.String({
        minLength: 1,
        maxLength: 2_000,
        pattern: '\\S',
        description: 'The search, e.g. status<solved priority:urgent tags:warranty "group head"',
      }),
      sort_by: Type.Optional(
        Type.Union(
          SORTS.map((sort) => Type.Literal(sort)),
          {
            description:
              'Sort by this instead of relevance: updated_at, created_at, priority, status or ticket_type',
          },
        ),
      ),
      sort_order: Type.Optional(
        Type.Union([Type.Literal('desc'), Type.Literal('asc')], { description: 'desc (default) or asc' }),
      ),
      ...SearchPageInput,
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    tickets: Type.Array(Ticket),
    count: Type.Integer({ description: 'How many tickets match, across every page, even past the cap' }),
    read: Type.Integer({ description: 'How many tickets this step returned' }),
    capped: Type.Boolean({
      description: `True when more match than Zendesk's search serves (the first ${SEARCH_RESULTS_CAP}) and they were not read through the export: narrow the query (e.g. with created> ranges), or set all: true and a limit above ${SEARCH_RESULTS_CAP}`,
    }),
    exported: Type.Boolean({
      description:
        'True when the tickets were read through the export search (past the cap): newest created first',
    }),
    next_page: Type.Optional(
      Type.Integer({
        description:
          'The page (at the same per_page) holding the first result not returned; absent when none remain within the cap',
      }),
    ),
  }),
  run: async ({ query, sort_by, sort_order, ...paging }, ctx) => {
    const found = await searchTicketPages(ctx, ticketSearchQuery(query), { sort_by, sort_order }, paging);
    return { ...found, read: found.tickets.length };
  },
});
