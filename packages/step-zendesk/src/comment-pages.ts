import { type StepContext, StepError, Type } from '@toolsteps/sdk';
import { ticketPath, zendeskRequest } from './zendesk-call.js';

/** Zendesk serves at most 100 comments a page. */
const PAGE_SIZE = 100;
/** A ticket with more comments than this is cut short with an error rather than read forever. */
const MAX_PAGES = 100;

const CommentsPage = Type.Object({
  comments: Type.Array(Type.Object({ id: Type.Integer(), author_id: Type.Integer() })),
  meta: Type.Optional(
    Type.Object({ has_more: Type.Boolean(), after_cursor: Type.Union([Type.String(), Type.Null()]) }),
  ),
});

interface CommentsAnswer {
  comments: Record<string, unknown>[];
  users?: Record<string, unknown>[];
  meta?: { has_more: boolean; after_cursor: string | null };
}

/**
 * Every comment of a ticket, oldest first, with the users they name (`include=users`): cursor
 * pagination (`page[size]`, `page[after]`) while `meta.has_more` says more remain.
 */
export async function allComments(
  ctx: StepContext,
  ticketId: number,
  pageSize = PAGE_SIZE,
): Promise<{ comments: Record<string, unknown>[]; users: Record<string, unknown>[] }> {
  const comments: Record<string, unknown>[] = [];
  const users: Record<string, unknown>[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await zendeskRequest<CommentsAnswer>(ctx, {
      method: 'GET',
      path: ticketPath(ticketId, '/comments'),
      query: { include: 'users', 'page[size]': pageSize, 'page[after]': after },
      expect: CommentsPage,
    });
    comments.push(...answer.comments);
    users.push(...(answer.users ?? []));
    if (!answer.meta?.has_more || !answer.meta.after_cursor) return { comments, users };
    after = answer.meta.after_cursor;
  }
  throw new StepError({
    code: 'unsupported',
    message: `Ticket ${ticketId} has more than ${MAX_PAGES * pageSize} comments; read them with the API Call step`,
  });
}
