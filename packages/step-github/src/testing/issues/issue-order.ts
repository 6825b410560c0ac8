import { validationFailed } from '../shared/github-api-error.js';
import type { IssueRecord } from './issues-store.js';

export type IssueSort = 'created' | 'updated' | 'comments' | 'reactions';
const LIST_SORTS: readonly string[] = ['created', 'updated', 'comments'];
/**
 * Search also sorts by reactions and interactions. The emulator keeps no reactions, so every
 * reaction count is 0 and interactions (reactions plus comments) come down to comments.
 */
const SEARCH_SORTS: Record<string, IssueSort> = {
  created: 'created',
  updated: 'updated',
  comments: 'comments',
  interactions: 'comments',
  reactions: 'reactions',
  'reactions-+1': 'reactions',
  'reactions--1': 'reactions',
  'reactions-smile': 'reactions',
  'reactions-thinking_face': 'reactions',
  'reactions-heart': 'reactions',
  'reactions-tada': 'reactions',
};

/** `sort` of issue lists (`Issue`) or issue search (`Search`); undefined when absent. */
export function issueSortOf(value: string | undefined, resource: 'Issue' | 'Search'): IssueSort | undefined {
  if (value === undefined) return undefined;
  const known = resource === 'Search' ? Object.hasOwn(SEARCH_SORTS, value) : LIST_SORTS.includes(value);
  const sort = known ? (SEARCH_SORTS[value] as IssueSort) : undefined;
  if (sort === undefined) throw validationFailed({ resource, code: 'invalid', field: 'sort', value });
  return sort;
}

/** `direction` (lists) or `order` (search): desc unless asc. */
export function directionOf(value: string | undefined, field: string, resource: string): 'asc' | 'desc' {
  if (value === undefined || value === 'desc') return 'desc';
  if (value === 'asc') return 'asc';
  throw validationFailed({ resource, code: 'invalid', field, value });
}

/** Sorted copies; ties keep number order so pages stay stable between requests. */
export function sortIssues<T extends { issue: IssueRecord }>(
  entries: readonly T[],
  sort: IssueSort,
  direction: 'asc' | 'desc',
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  const key = (issue: IssueRecord): string | number => {
    if (sort === 'reactions') return 0;
    return sort === 'comments'
      ? issue.comments.length
      : sort === 'updated'
        ? issue.updated_at
        : issue.created_at;
  };
  return [...entries].sort((a, b) => {
    const [x, y] = [key(a.issue), key(b.issue)];
    const order = x < y ? -1 : x > y ? 1 : a.issue.number - b.issue.number;
    return sign * order;
  });
}
