import type { IssueRecord } from '../issues/issues-store.js';
import { validationFailed } from '../shared/github-api-error.js';

/** One `key:value` of a query; `-key:value` negates it. */
export interface Qualifier {
  key: string;
  value: string;
  negated: boolean;
}

export interface SearchQuery {
  /** Free-text terms (a quoted phrase is one term), matched case-insensitively in title, body and
   * comments, or where `in:` says. */
  terms: string[];
  qualifiers: Qualifier[];
}

/** What a qualifier is tested against: the issue, its repository's `owner/name` and milestone title. */
export interface SearchCandidate {
  repoKey: string;
  issue: IssueRecord;
  milestone?: string;
}

/** Qualifiers understood; other `key:value` words are searched as text, as GitHub does. */
const KEYS = new Set([
  'repo',
  'org',
  'user',
  'is',
  'type',
  'state',
  'label',
  'author',
  'assignee',
  'no',
  'in',
  'head',
  'base',
  'milestone',
  'review-requested',
  'reviewed-by',
]);

/** Splits `q` into terms and qualifiers: `label:"good first issue"` and `"exact phrase"` keep their spaces. */
export function parseSearchQuery(q: string): SearchQuery {
  const query: SearchQuery = { terms: [], qualifiers: [] };
  const token = /(-?)([a-z-]+):(?:"([^"]*)"|(\S+))|"([^"]*)"|(\S+)/gi;
  for (const match of q.matchAll(token)) {
    const [, minus, key, quoted, bare, phrase, word] = match;
    if (key !== undefined && KEYS.has(key.toLowerCase())) {
      query.qualifiers.push({ key: key.toLowerCase(), value: quoted ?? bare ?? '', negated: minus === '-' });
    } else {
      const text = phrase ?? word ?? match[0].replace(/"/g, '');
      if (text.trim() !== '') query.terms.push(text.trim());
    }
  }
  return query;
}

/**
 * A predicate over candidates. Repeated qualifiers of a kind must all hold (`label:a label:b`), except
 * `repo`, `org` and `user`, which widen the scope; comma-separated labels mean any of them.
 */
export function matcher(query: SearchQuery): (candidate: SearchCandidate) => boolean {
  const scopes = query.qualifiers.filter((q) => ['repo', 'org', 'user'].includes(q.key) && !q.negated);
  const tests = query.qualifiers.filter((q) => !scopes.includes(q)).map(qualifierTest);
  const fields = query.qualifiers.filter((q) => q.key === 'in').map((q) => q.value.toLowerCase());
  return (candidate) =>
    (scopes.length === 0 || scopes.some((scope) => inScope(scope, candidate.repoKey))) &&
    tests.every((test) => test(candidate)) &&
    query.terms.every((term) => searchedText(candidate.issue, fields).includes(term.toLowerCase()));
}

/** A rough relevance: how often the terms occur, title hits counting double. */
export function scoreOf(query: SearchQuery, issue: IssueRecord): number {
  let score = 1;
  for (const term of query.terms.map((text) => text.toLowerCase())) {
    score +=
      2 * occurrences(issue.title.toLowerCase(), term) + occurrences((issue.body ?? '').toLowerCase(), term);
  }
  return score;
}

function inScope(scope: Qualifier, repoKey: string): boolean {
  const value = scope.value.toLowerCase();
  return scope.key === 'repo' ? repoKey === value : repoKey.startsWith(`${value}/`);
}

function qualifierTest(qualifier: Qualifier): (candidate: SearchCandidate) => boolean {
  const test = positiveTest(qualifier);
  return qualifier.negated ? (candidate) => !test(candidate) : test;
}

function positiveTest({ key, value }: Qualifier): (candidate: SearchCandidate) => boolean {
  const wanted = value.toLowerCase();
  const same = (login: string | null | undefined) => login?.toLowerCase() === wanted;
  switch (key) {
    case 'is':
    case 'type':
    case 'state':
      return isTest(key, wanted);
    case 'label': {
      const names = wanted.split(',').map((name) => name.trim());
      return ({ issue }) => issue.labels.some((label) => names.includes(label.toLowerCase()));
    }
    case 'author':
      return ({ issue }) => same(issue.user);
    case 'assignee':
      return ({ issue }) => issue.assignees.some(same);
    case 'no':
      return noTest(wanted);
    case 'in':
      if (!['title', 'body', 'comments'].includes(wanted)) throw invalid(`in:${value}`);
      return () => true;
    case 'head':
      return ({ issue }) => issue.pull_request?.head.ref.toLowerCase() === wanted;
    case 'base':
      return ({ issue }) => issue.pull_request?.base.ref.toLowerCase() === wanted;
    case 'review-requested':
      return ({ issue }) => issue.pull_request?.requested_reviewers.some(same) ?? false;
    case 'reviewed-by':
      return ({ issue }) =>
        issue.pull_request?.reviews.some((review) => review.state !== 'PENDING' && same(review.user)) ??
        false;
    case 'repo':
    case 'org':
    case 'user':
      // Only negated scopes reach here: `-repo:a/b` leaves that repository out.
      return ({ repoKey }) => inScope({ key, value, negated: false }, repoKey);
    case 'milestone':
      return ({ milestone }) => milestone?.toLowerCase() === wanted;
    default:
      throw invalid(`${key}:${value}`);
  }
}

function isTest(key: string, wanted: string): (candidate: SearchCandidate) => boolean {
  switch (wanted) {
    case 'issue':
      return ({ issue }) => issue.pull_request === undefined;
    case 'pr':
    case 'pull-request':
      return ({ issue }) => issue.pull_request !== undefined;
    case 'open':
    case 'closed':
      return ({ issue }) => issue.state === wanted;
    case 'merged':
      return ({ issue }) => (issue.pull_request?.merged_at ?? null) !== null;
    case 'unmerged':
      return ({ issue }) =>
        issue.pull_request !== undefined && issue.pull_request.merged_at === null && issue.state === 'closed';
    case 'draft':
      return ({ issue }) => issue.pull_request?.draft === true;
    case 'locked':
      return ({ issue }) => issue.locked;
    case 'unlocked':
      return ({ issue }) => !issue.locked;
    default:
      throw invalid(`${key}:${wanted}`);
  }
}

function noTest(wanted: string): (candidate: SearchCandidate) => boolean {
  switch (wanted) {
    case 'label':
      return ({ issue }) => issue.labels.length === 0;
    case 'assignee':
      return ({ issue }) => issue.assignees.length === 0;
    case 'milestone':
      return ({ issue }) => issue.milestone === null;
    default:
      throw invalid(`no:${wanted}`);
  }
}

function searchedText(issue: IssueRecord, fields: string[]): string {
  const all = fields.length === 0;
  const parts = [
    ...(all || fields.includes('title') ? [issue.title] : []),
    ...(all || fields.includes('body') ? [issue.body ?? ''] : []),
    ...(all || fields.includes('comments') ? issue.comments.map((comment) => comment.body) : []),
  ];
  return parts.join('\n').toLowerCase();
}

function occurrences(text: string, term: string): number {
  return term === '' ? 0 : text.split(term).length - 1;
}

function invalid(qualifier: string) {
  return validationFailed({
    resource: 'Search',
    code: 'invalid',
    field: 'q',
    message: `The qualifier "${qualifier}" is not one GitHub understands for issues and pull requests.`,
  });
}
