import { defineStep, Type } from '@toolsteps/sdk';
import { adminPost, ProjectIdInput, projectIdOf } from '../admin-call.js';
import { OPERATION_AUTH } from '../auth-shapes.js';

export const deleteInvite = defineStep({
  id: 'admin.delete_invite',
  title: 'Delete Invite',
  description: 'Deletes a pending invite (POST /latest/auth/invite/delete).',
  effect: 'delete',
  input: Type.Object(
    { invite_code: Type.String({ minLength: 1 }), ...ProjectIdInput },
    { additionalProperties: false },
  ),
  output: Type.Object({ invite_code: Type.String(), deleted: Type.Boolean(), response: Type.Unknown() }),
  run: async (input, ctx) => {
    const response = await adminPost<unknown>(ctx, {
      path: 'auth/invite/delete',
      body: { invite_code: input.invite_code },
      auth: OPERATION_AUTH.deleteInvite,
      projectId: projectIdOf(input, ctx),
    });
    return { invite_code: input.invite_code, deleted: true, response };
  },
});
