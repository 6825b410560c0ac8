import type { GithubState } from '../github-state.js';
import { validationFailed } from '../shared/github-api-error.js';
import type { Repository } from '../shared/github-model.js';
import { type JsonObject, optional } from '../shared/github-request.js';
import { isAssignable } from '../shared/repository-access.js';
import type { StateReason } from './issues-store.js';

const STATE_REASONS: readonly StateReason[] = ['completed', 'not_planned', 'reopened', 'duplicate'];

/** `title`: GitHub takes a string or a number; required on create, optional on update. */
export function titleOf(body: JsonObject, required: boolean): string | undefined {
  const value = body.title;
  if (typeof value === 'number') return String(value);
  if (value === undefined || value === null || value === '') {
    if (required) throw validationFailed({ resource: 'Issue', code: 'missing_field', field: 'title' });
    return undefined;
  }
  if (typeof value !== 'string') {
    throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'title', value });
  }
  return value;
}

/** Label names from `labels`: strings or `{ name }` objects, both accepted by GitHub. */
export function labelNames(value: unknown, resource = 'Issue'): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const items = Array.isArray(value) ? value : undefined;
  const names = items?.map((item) =>
    typeof item === 'string' ? item : (item as { name?: unknown } | null)?.name,
  );
  if (names === undefined || names.some((name) => typeof name !== 'string' || name.trim() === '')) {
    throw validationFailed({ resource, code: 'invalid', field: 'labels', value });
  }
  return [...new Set((names as string[]).map((name) => name.trim()))];
}

/** `assignees`, plus the older single `assignee` GitHub still honours. */
export function assigneeLogins(body: JsonObject): string[] | undefined {
  const list = optional<unknown[]>(body, 'assignees', 'array', 'Issue');
  const single = optional<string>(body, 'assignee', 'string', 'Issue');
  if (list === undefined && single === undefined) return undefined;
  const logins = [...(single === undefined ? [] : [single]), ...(list ?? [])];
  if (logins.some((login) => typeof login !== 'string' || login === '')) {
    throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'assignees', value: list });
  }
  return logins as string[];
}

/** The logins as their accounts spell them, or 422 naming the first one that cannot be assigned. */
export function checkAssignees(state: GithubState, repo: Repository, logins: string[]): string[] {
  const refused = logins.find((login) => !isAssignable(state, repo, login));
  if (refused !== undefined) {
    throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'assignees', value: refused });
  }
  return [...new Set(logins.map((login) => state.account(login)?.login ?? login))];
}

/** `milestone`: a number of the repository (numeric strings too), `null` to clear, or 422. */
export function milestoneOf(state: GithubState, key: string, body: JsonObject): number | null | undefined {
  if (!('milestone' in body)) return undefined;
  const value = body.milestone;
  if (value === null) return null;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || state.milestones.find(key, number) === undefined) {
    throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'milestone', value });
  }
  return number;
}

export function issueStateOf(body: JsonObject): 'open' | 'closed' | undefined {
  const value = optional<string>(body, 'state', 'string', 'Issue');
  if (value === undefined || value === 'open' || value === 'closed') return value;
  throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'state', value });
}

export function stateReasonOf(body: JsonObject): StateReason | undefined {
  const value = optional<string>(body, 'state_reason', 'string', 'Issue');
  if (value === undefined || STATE_REASONS.includes(value as StateReason)) return value as StateReason;
  throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'state_reason', value });
}
