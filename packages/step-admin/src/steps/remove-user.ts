import { defineStep, Type } from '@toolsteps/sdk';
import { adminPost, PathId, ProjectIdInput, projectIdOf, segment } from '../admin-call.js';
import { OPERATION_AUTH } from '../auth-shapes.js';

export const removeUser = defineStep({
  id: 'admin.remove_user',
  title: 'Remove User',
  description: 'Removes a user from a project (POST /latest/auth/users/{user_id}/delete).',
  effect: 'delete',
  input: Type.Object(
    { user_id: PathId('The project user'), ...ProjectIdInput },
    { additionalProperties: false },
  ),
  output: Type.Object({ user_id: Type.String(), removed: Type.Boolean(), response: Type.Unknown() }),
  run: async (input, ctx) => {
    const response = await adminPost<unknown>(ctx, {
      path: `auth/users/${segment(input.user_id)}/delete`,
      body: {},
      auth: OPERATION_AUTH.removeUser,
      projectId: projectIdOf(input, ctx),
    });
    return { user_id: input.user_id, removed: true, response };
  },
});
