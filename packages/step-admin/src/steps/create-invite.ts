import { defineStep, type Static, type StepContext, Type } from '@toolsteps/sdk';
import { adminPost, ProjectIdInput, projectIdOf } from '../admin-call.js';
import { OPERATION_AUTH } from '../auth-shapes.js';
import {
  chosenPermissions,
  Permissions,
  type Permissions as PermissionsType,
  RoleOrPermissions,
} from '../permissions.js';

export const InviteInput = Type.Object(
  { email: Type.String({ format: 'email' }), ...RoleOrPermissions, ...ProjectIdInput },
  { additionalProperties: false },
);

export const Invite = Type.Object({
  invite_code: Type.String(),
  email: Type.String(),
  permissions: Permissions,
  /** `accepted` when the person was already in the organization: the API then accepts it at once. */
  status: Type.Optional(Type.String()),
  user_id: Type.Optional(Type.String()),
});

/** What the step reads of the API's answer; `status` and `user_id` are taken only when they are text. */
const InviteAnswer = Type.Object({ invite_code: Type.String() });

export const createInvite = defineStep({
  id: 'admin.create_invite',
  title: 'Create Invite',
  description:
    'Invites a person to a project with a role or permissions; someone already in the organization is accepted at once.',
  effect: 'write',
  input: InviteInput,
  output: Invite,
  run: async (input, ctx) =>
    sendInvite(ctx, input.email, chosenPermissions(input, '/args'), projectIdOf(input, ctx)),
});

/** POST /latest/auth/invite/create, shared with change_invite_role. */
export async function sendInvite(
  ctx: StepContext,
  email: string,
  permissions: PermissionsType,
  projectId: string,
): Promise<Static<typeof Invite>> {
  const answer = await adminPost<Record<string, unknown>>(ctx, {
    path: 'auth/invite/create',
    body: { email, permissions },
    auth: OPERATION_AUTH.createInvite,
    projectId,
    expect: InviteAnswer,
  });
  return {
    invite_code: String(answer.invite_code),
    email,
    permissions,
    ...(typeof answer.status === 'string' ? { status: answer.status } : {}),
    ...(typeof answer.user_id === 'string' ? { user_id: answer.user_id } : {}),
  };
}
