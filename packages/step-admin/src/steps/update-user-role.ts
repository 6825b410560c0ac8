import { defineStep, Type } from '@toolsteps/sdk';
import { adminPost, PathId, ProjectIdInput, projectIdOf, segment } from '../admin-call.js';
import { OPERATION_AUTH } from '../auth-shapes.js';
import { chosenPermissions, Permissions, RoleOrPermissions } from '../permissions.js';

export const updateUserRole = defineStep({
  id: 'admin.update_user_role',
  title: 'Update User Role',
  description: "Changes a project user's role (POST /latest/auth/users/{user_id}/update).",
  effect: 'write',
  input: Type.Object(
    { user_id: PathId('The project user'), ...RoleOrPermissions, ...ProjectIdInput },
    { additionalProperties: false },
  ),
  output: Type.Object({ user_id: Type.String(), permissions: Permissions, response: Type.Unknown() }),
  run: async (input, ctx) => {
    const permissions = chosenPermissions(input, '/args');
    const response = await adminPost<unknown>(ctx, {
      path: `auth/users/${segment(input.user_id)}/update`,
      body: { permissions },
      auth: OPERATION_AUTH.updateUserRole,
      projectId: projectIdOf(input, ctx),
    });
    return { user_id: input.user_id, permissions, response };
  },
});
