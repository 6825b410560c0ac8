import { StepError, Type } from '@toolsteps/sdk';
import { Priority, Status } from './ticket-shapes.js';

const Day = (description: string) => Type.Optional(Type.String({ format: 'date', description }));

/** The filters of List Tickets, each one keyword of Zendesk's search language. */
export const TicketFilters = {
  status: Type.Optional(Status),
  priority: Type.Optional(Priority),
  assignee: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1 }), Type.String({ format: 'email' }), Type.Literal('none')], {
      description: 'The assigned agent by user id or email, or "none" for unassigned tickets',
    }),
  ),
  created_after: Day('Only tickets created after this day (YYYY-MM-DD)'),
  created_before: Day('Only tickets created before this day (YYYY-MM-DD)'),
  updated_after: Day('Only tickets updated after this day (YYYY-MM-DD)'),
  updated_before: Day('Only tickets updated before this day (YYYY-MM-DD)'),
};

export interface TicketFilterValues {
  status?: string;
  priority?: string;
  assignee?: number | string;
  created_after?: string;
  created_before?: string;
  updated_after?: string;
  updated_before?: string;
}

/**
 * The filters as a search query, as Zendesk's search reference writes them:
 * `status:open priority:high assignee:marco@example.com created>2029-11-01 created<2029-11-05`.
 * An empty date range is refused: it could only list nothing.
 */
export function filtersQuery(filters: TicketFilterValues): string {
  for (const field of ['created', 'updated'] as const) {
    const after = filters[`${field}_after`];
    const before = filters[`${field}_before`];
    if (after !== undefined && before !== undefined && after >= before) {
      throw new StepError({
        code: 'validation',
        field: `/args/${field}_before`,
        message: `${field}_before (${before}) must be later than ${field}_after (${after}): no ticket is ${field} in between; nothing was sent`,
      });
    }
  }
  const terms = [
    filters.status && `status:${filters.status}`,
    filters.priority && `priority:${filters.priority}`,
    filters.assignee !== undefined && `assignee:${filters.assignee}`,
    filters.created_after && `created>${filters.created_after}`,
    filters.created_before && `created<${filters.created_before}`,
    filters.updated_after && `updated>${filters.updated_after}`,
    filters.updated_before && `updated<${filters.updated_before}`,
  ];
  return terms.filter((term): term is string => typeof term === 'string').join(' ');
}
