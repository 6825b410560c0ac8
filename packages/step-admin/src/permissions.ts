import { type Static, StepError, Type } from '@toolsteps/sdk';

export const ROLES = ['admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The administration API's permissions object: only the default scope and three actions are documented. */
export const Permissions = Type.Object(
  {
    items: Type.Object(
      {
        serviceDefault: Type.Object(
          {
            actions: Type.Object(
              {
                'role:editor': Type.Optional(Type.Boolean()),
                'role:viewer': Type.Optional(Type.Boolean()),
                admin: Type.Optional(Type.Boolean()),
              },
              { additionalProperties: false, description: 'Granted by setting an action to true' },
            ),
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false, description: 'Scope key -> scope; only serviceDefault is documented' },
    ),
  },
  { additionalProperties: false },
);
export type Permissions = Static<typeof Permissions>;

const ACTION_OF_ROLE: Record<Role, 'admin' | 'role:editor' | 'role:viewer'> = {
  admin: 'admin',
  editor: 'role:editor',
  viewer: 'role:viewer',
};

/** `editor` -> `{items: {serviceDefault: {actions: {"role:editor": true}}}}`. */
export function permissionsForRole(role: Role): Permissions {
  return { items: { serviceDefault: { actions: { [ACTION_OF_ROLE[role]]: true } } } };
}

export const RoleOrPermissions = {
  role: Type.Optional(
    Type.Union(
      ROLES.map((role) => Type.Literal(role)),
      { description: 'admin, editor or viewer' },
    ),
  ),
  permissions: Type.Optional(Permissions),
};

/** The permissions a step sends: built from `role`, or the hand-written object (already schema-checked). */
export function chosenPermissions(
  input: { role?: Role; permissions?: Permissions },
  field = '',
): Permissions {
  if (input.role !== undefined && input.permissions !== undefined) {
    throw new StepError({
      code: 'validation',
      field: `${field}/role`,
      message: 'Give either role or permissions, not both',
    });
  }
  if (input.role !== undefined) return permissionsForRole(input.role);
  if (input.permissions !== undefined) return input.permissions;
  throw new StepError({
    code: 'validation',
    field: `${field}/role`,
    message: 'Give a role (admin, editor, viewer) or a permissions object',
  });
}
