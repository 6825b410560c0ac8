import { AdminApiError } from './admin-api-error.js';
import type { AdminUser, Project } from './admin-model.js';
import type { AdminState } from './admin-state.js';

/**
 * The Authorization shapes the API documents: `account` is `Bearer :<API_KEY>` (create project),
 * `project` is `Bearer <PROJECT_ID>:<API_KEY>`, `bareProject` is `<PROJECT_ID>:<API_KEY>` (update role only).
 */
export type AuthShape = 'account' | 'project' | 'bareProject';

const PATTERNS: Record<AuthShape, RegExp> = {
  account: /^Bearer :([^\s:]+)$/i,
  project: /^Bearer ([^\s:]+):([^\s:]+)$/i,
  bareProject: /^([^\s:]+):([^\s:]+)$/,
};

const EXPECTED: Record<AuthShape, string> = {
  account: '"Bearer :<API_KEY>" (empty project part)',
  project: '"Bearer <PROJECT_ID>:<API_KEY>"',
  bareProject: '"<PROJECT_ID>:<API_KEY>" (without Bearer)',
};

export interface Caller {
  user: AdminUser;
  /** Set for the project-scoped shapes. */
  project?: Project;
}

/**
 * Resolves the caller: 401 for a wrong shape, an unknown key or a deactivated user; 404 for a project
 * part naming no project. Messages never repeat the header, so keys stay out of logs.
 */
export function authenticate(
  state: AdminState,
  header: string | undefined,
  shape: AuthShape,
  operation: string,
): Caller {
  const match = PATTERNS[shape].exec(header ?? '');
  if (match === null) {
    throw new AdminApiError(401, `${operation} needs the Authorization header ${EXPECTED[shape]}`);
  }
  const key = shape === 'account' ? match[1] : match[2];
  const userId = state.apiKeys.get(key);
  const user = userId === undefined ? undefined : state.users.get(userId);
  if (user === undefined) throw new AdminApiError(401, 'The API key is not valid');
  if (!user.active) {
    throw new AdminApiError(
      401,
      'The API key is deactivated: its user was deactivated by the identity provider',
    );
  }
  if (shape === 'account') return { user };
  const project = state.projects.get(match[1]);
  if (project === undefined) throw new AdminApiError(404, `Project "${match[1]}" not found`);
  return { user, project };
}
