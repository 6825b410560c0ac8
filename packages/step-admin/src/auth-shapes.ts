import { type ConnectedAccount, type HttpRequest, requireCredential, StepError } from '@toolsteps/sdk';

/**
 * The Authorization header of each operation, exactly as the API documents it. One table,
 * so a shape is never written twice.
 */
const SHAPES = {
  /** Organization-level calls: no project before the colon. */
  organization: (_project: string, key: string) => `Bearer :${key}`,
  project: (project: string, key: string) => `Bearer ${project}:${key}`,
  /** Update user role is documented without the Bearer prefix. */
  projectWithoutBearer: (project: string, key: string) => `${project}:${key}`,
} as const;

export type AuthShape = keyof typeof SHAPES;

export const OPERATION_AUTH = {
  createProject: 'organization',
  createInvite: 'project',
  deleteInvite: 'project',
  removeUser: 'project',
  updateUserRole: 'projectWithoutBearer',
} as const satisfies Record<string, AuthShape>;

/** The value function of the integration's apiKey auth: the shape a request asks for through authParams. */
export function authorizationFor(account: ConnectedAccount, request: HttpRequest): string {
  const key = requireCredential(account, 'apiKey', 'Administration');
  const shape = (request.authParams?.shape ?? 'project') as AuthShape;
  const project = request.authParams?.projectId ?? '';
  if (!(shape in SHAPES)) {
    throw new StepError({ code: 'validation', message: `Unknown authorization shape "${shape}"` });
  }
  return SHAPES[shape](project, key);
}
