import { StepError } from '@toolsteps/sdk';

/** The checks github.api_call makes before it sends anything: each refusal names the field to fix. */

export const GITHUB_MEDIA_TYPE = 'application/vnd.github+json';

/** Headers the connected account owns: a user header can never replace them. */
const RESERVED_HEADERS: ReadonlySet<string> = new Set(['authorization', 'host']);

/** The roles GitHub documents for PUT /repos/{owner}/{repo}/collaborators/{username}. */
export const COLLABORATOR_PERMISSIONS = ['pull', 'triage', 'push', 'maintain', 'admin'] as const;

/** The user's headers, once the required accept header is there and no reserved one is. */
export function checkedHeaders(given: Record<string, string>): Record<string, string> {
  const names = Object.keys(given).map((name) => name.toLowerCase());
  const reserved = names.filter((name) => RESERVED_HEADERS.has(name));
  if (reserved.length > 0) {
    throw new StepError({
      code: 'validation',
      field: '/args/headers',
      message: `headers may not set ${reserved.join(' or ')}: the connected account supplies the credentials and the API host`,
    });
  }
  const accept = Object.entries(given).find(([name]) => name.toLowerCase() === 'accept')?.[1];
  if (accept === undefined || !accept.toLowerCase().includes(GITHUB_MEDIA_TYPE)) {
    throw new StepError({
      code: 'validation',
      field: '/args/headers',
      message: `Please enter a value for 'response_body' field: the Code Host API Call needs the header "accept: ${GITHUB_MEDIA_TYPE}" in headers${accept === undefined ? ', and it is missing' : `, and accept is "${accept}"`}; nothing was sent`,
    });
  }
  return given;
}

/** A path under the API root: never a URL, so the token cannot be sent to another host. */
export function checkedEndpoint(endpoint: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(endpoint) || endpoint.startsWith('//')) {
    throw new StepError({
      code: 'validation',
      field: '/args/endpoint',
      message: `endpoint must be a path such as /repos/{owner}/{repo}, not a URL ("${shown(endpoint)}"): the account's API root is put before it, so the token never goes to another host; nothing was sent`,
    });
  }
  return endpoint;
}

/** The endpoint for a message: without its query, fragment or user info, which may hold a secret. */
function shown(endpoint: string): string {
  const bare = endpoint.replace(/[?#].*$/s, '').replace(/^([a-z][a-z0-9+.-]*:)?\/\/[^/@]*@/i, '$1//');
  return bare.length > 80 ? `${bare.slice(0, 80)}…` : bare;
}

/** The body, once nothing GitHub would reject or misread is in it. */
export function checkedBody(method: string, path: string, body: unknown): unknown {
  if (body !== undefined && method === 'GET') {
    throw new StepError({
      code: 'validation',
      field: '/args/body',
      message:
        "A GET request cannot carry a body: put its parameters in the endpoint's query (e.g. ?state=open&per_page=50); nothing was sent",
    });
  }
  if (method === 'PUT' && isCollaboratorPath(path)) checkPermission(body);
  return body;
}

/** `repos/{owner}/{repo}/collaborators/{username}`, however the path is written (slashes, dot segments, %-escapes). */
function isCollaboratorPath(path: string): boolean {
  const bare = path.replace(/[?#].*$/s, '').replace(/^\/*/, '/');
  const parts = new URL(bare, 'http://api.invalid').pathname
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decoded(part).toLowerCase());
  return parts.length === 5 && parts[0] === 'repos' && parts[3] === 'collaborators';
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** GitHub grants push when permission is absent; any value must be one of its documented roles. */
function checkPermission(body: unknown): void {
  if (body === null || typeof body !== 'object' || !('permission' in body)) return;
  const { permission } = body as { permission: unknown };
  if (COLLABORATOR_PERMISSIONS.includes(permission as (typeof COLLABORATOR_PERMISSIONS)[number])) return;
  throw new StepError({
    code: 'validation',
    field: '/args/body/permission',
    message: `permission ${JSON.stringify(permission)?.slice(0, 60)} is not a collaborator permission: use one of ${COLLABORATOR_PERMISSIONS.join(', ')} (push when left out); nothing was sent`,
    details: { allowed: [...COLLABORATOR_PERMISSIONS] },
  });
}
