import { PERMISSION_ACTIONS, type Permissions } from './admin-model.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a permissions object against what the API documents: only the `serviceDefault` scope, only
 * the three action names, boolean values. Returns what is wrong, or undefined when it is valid.
 */
export function permissionsProblem(value: unknown): string | undefined {
  if (!isObject(value))
    return 'permissions must be an object like {"items":{"serviceDefault":{"actions":{...}}}}';
  if (!isObject(value.items)) return 'permissions.items must be an object of scopes';
  const scopes = Object.keys(value.items);
  const unknownScope = scopes.find((scope) => scope !== 'serviceDefault');
  if (unknownScope !== undefined) {
    return `permissions.items has an unknown scope "${unknownScope}"; the only scope is "serviceDefault"`;
  }
  const scope = value.items.serviceDefault;
  if (!isObject(scope)) return 'permissions.items.serviceDefault must be an object with "actions"';
  if (!isObject(scope.actions)) return 'permissions.items.serviceDefault.actions must be an object';
  for (const [action, granted] of Object.entries(scope.actions)) {
    if (!(PERMISSION_ACTIONS as readonly string[]).includes(action)) {
      return `permissions action "${action}" is unknown; use ${PERMISSION_ACTIONS.join(', ')}`;
    }
    if (typeof granted !== 'boolean') return `permissions action "${action}" must be true or false`;
  }
  return undefined;
}

/** A validated permissions object, copied so later changes to the input do not leak into state. */
export function toPermissions(value: unknown): Permissions {
  const problem = permissionsProblem(value);
  if (problem !== undefined) throw new TypeError(problem);
  return structuredClone(value as Permissions);
}
