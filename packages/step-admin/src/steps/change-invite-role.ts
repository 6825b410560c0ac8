import { defineStep, type StepContext, StepError, Type, toStepError } from '@toolsteps/sdk';
import { adminPost, ProjectIdInput, projectIdOf } from '../admin-call.js';
import { OPERATION_AUTH } from '../auth-shapes.js';
import {
  chosenPermissions,
  Permissions,
  type Permissions as PermissionsType,
  ROLES,
} from '../permissions.js';
import { Invite, sendInvite } from './create-invite.js';

const Role = Type.Union(ROLES.map((role) => Type.Literal(role)));

/**
 * An invite's roles cannot be edited in place, so it is deleted and created again. The
 * API cannot read an invite back, so the caller states its current role, which is what gets restored
 * if the new invite cannot be created: nobody is left silently uninvited.
 */
export const changeInviteRole = defineStep({
  id: 'admin.change_invite_role',
  title: 'Change Invite Role',
  description:
    'Gives a pending invite a new role by deleting and re-creating it; restores the original invite if re-creation fails.',
  effect: 'write',
  input: Type.Object(
    {
      invite_code: Type.String({ minLength: 1 }),
      email: Type.String({
        format: 'email',
        description: 'The invited address (the API cannot read it back)',
      }),
      role: Type.Optional(Role),
      permissions: Type.Optional(Permissions),
      previous_role: Type.Optional(Role),
      previous_permissions: Type.Optional(Permissions),
      ...ProjectIdInput,
    },
    { additionalProperties: false },
  ),
  output: Type.Object({ ...Invite.properties, previous_invite_code: Type.String() }),
  run: async (input, ctx) => {
    const projectId = projectIdOf(input, ctx);
    const wanted = chosenPermissions(input, '/args');
    const previous = chosenPermissions(
      { role: input.previous_role, permissions: input.previous_permissions },
      '/args/previous',
    );
    await adminPost(ctx, {
      path: 'auth/invite/delete',
      body: { invite_code: input.invite_code },
      auth: OPERATION_AUTH.deleteInvite,
      projectId,
    });
    try {
      const created = await sendInvite(ctx, input.email, wanted, projectId);
      return { ...created, previous_invite_code: input.invite_code };
    } catch (thrown) {
      throw await restore(ctx, input.email, previous, projectId, toStepError(thrown));
    }
  },
});

/** Re-creates the original invite and reports both outcomes in one error. */
async function restore(
  ctx: StepContext,
  email: string,
  previous: PermissionsType,
  projectId: string,
  failure: StepError,
): Promise<StepError> {
  try {
    const restored = await sendInvite(ctx, email, previous, projectId);
    return new StepError({
      code: failure.code,
      status: failure.status,
      message: `Could not re-create the invite of ${email} with the new role (${failure.message}); the original invite was restored as ${restored.invite_code}`,
      details: { restored: true, restored_invite_code: restored.invite_code, failure: failure.toJSON() },
    });
  } catch (thrown) {
    const restoreFailure = toStepError(thrown);
    return new StepError({
      code: failure.code,
      status: failure.status,
      message: `Could not re-create the invite of ${email} with the new role (${failure.message}), and restoring the original invite failed too (${restoreFailure.message}): ${email} is no longer invited; invite them again`,
      details: { restored: false, failure: failure.toJSON(), restoreFailure: restoreFailure.toJSON() },
    });
  }
}
