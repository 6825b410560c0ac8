import { GraphqlProblem } from './graphql-problem.js';

const MAX_PAGE = 100;

export interface Connection<T> {
  nodes: T[];
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number;
}

/** A cursor-paginated connection as GitHub serves them: `first` is required and at most 100. */
export function connection<T>(
  name: string,
  all: readonly T[],
  args: { first?: number | null; after?: string | null },
): Connection<T> {
  if (args.first === undefined || args.first === null) {
    throw new GraphqlProblem(
      'MISSING_PAGINATION_BOUNDARIES',
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
    );
  }
  if (args.first < 0 || args.first > MAX_PAGE) {
    throw new GraphqlProblem(
      'EXCESSIVE_PAGINATION',
      `Requesting ${args.first} records on the \`${name}\` connection exceeds the \`first\` limit of ${MAX_PAGE} records.`,
    );
  }
  const start = args.after === undefined || args.after === null ? 0 : positionAfter(args.after);
  const page = all.slice(start, start + args.first);
  const edges = page.map((node, index) => ({ cursor: cursorAt(start + index), node }));
  return {
    nodes: page,
    edges,
    pageInfo: {
      hasNextPage: start + page.length < all.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: all.length,
  };
}

function cursorAt(index: number): string {
  return Buffer.from(`cursor:${index + 1}`).toString('base64');
}

function positionAfter(cursor: string): number {
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString());
  if (match === null)
    throw new GraphqlProblem(
      'INVALID_CURSOR_ARGUMENTS',
      `\`${cursor}\` does not appear to be a valid cursor.`,
    );
  return Number(match[1]);
}
