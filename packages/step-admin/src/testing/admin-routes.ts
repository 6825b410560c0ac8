import type { Context, Hono } from '@toolsteps/emulator';
import { AdminApiError } from './admin-api-error.js';
import { authenticate, type Caller } from './admin-auth.js';
import { adminDocumentation } from './admin-documentation.js';
import { ADMIN_REGIONS, type AdminRegion, type Invite, isAdmin, permissionsOf } from './admin-model.js';
import { readJsonBody, requireEmail, requirePermissions, requireString } from './admin-request.js';
import type { AdminState } from './admin-state.js';

type Handler = (c: Context, region: AdminRegion) => Promise<unknown> | unknown;

/** Registers the administration API under `/au`, `/eu` and `/us`, each prefix standing for a regional base address. */
export function registerAdminRoutes(app: Hono, state: AdminState, baseUrl: () => string): void {
  for (const region of ADMIN_REGIONS) {
    const prefix = `/${region.toLowerCase()}/latest`;
    const post = (path: string, handler: Handler) => app.post(`${prefix}${path}`, answer(region, handler));

    const documentation = answer(region, () =>
      adminDocumentation(region, `${baseUrl()}/${region.toLowerCase()}`),
    );
    app.get(`${prefix}/documentation`, documentation);
    app.post(`${prefix}/documentation`, documentation);

    post('/projects/create', async (c) => {
      const { user } = authenticate(state, c.req.header('authorization'), 'account', 'projects/create');
      const body = await readJsonBody(c);
      const name = requireString(body, 'name');
      if (body.description === undefined || body.description === null) {
        throw new AdminApiError(400, 'description is required (an empty string is fine)');
      }
      const description = body.description;
      if (typeof description !== 'string') throw new AdminApiError(422, 'description must be a string');
      const organizationId = requireString(body, 'organization_id');
      const organization = state.organizations.get(organizationId);
      if (organization === undefined) {
        throw new AdminApiError(404, `Organization "${organizationId}" not found`);
      }
      checkRegion(region, organization.id, organization.region);
      if (!organization.members.includes(user.id)) {
        throw new AdminApiError(
          403,
          `The API key's user is not a member of organization "${organizationId}"`,
        );
      }
      const projectId = state.nextProjectId();
      // The creator administers the new project, or nobody could invite anyone to it.
      const users = new Map([[user.id, permissionsOf({ admin: true })]]);
      state.projects.set(projectId, {
        id: projectId,
        organization_id: organizationId,
        name,
        description,
        users,
      });
      return { project_id: projectId };
    });

    post('/auth/invite/create', async (c) => {
      const { project } = projectAdmin(state, region, c, 'project', 'auth/invite/create');
      const body = await readJsonBody(c);
      const email = requireEmail(body);
      const permissions = requirePermissions(body);
      const person = state.userByEmail(email);
      if (person !== undefined && project.users.has(person.id)) {
        throw new AdminApiError(
          409,
          `${email} is already a user of project "${project.id}"; change their role with auth/users/${person.id}/update`,
        );
      }
      const open = [...state.invites.values()].find(
        (invite) =>
          invite.project_id === project.id &&
          invite.status === 'pending' &&
          invite.email.toLowerCase() === email.toLowerCase(),
      );
      if (open !== undefined) {
        throw new AdminApiError(
          409,
          `${email} already has pending invite "${open.invite_code}"; delete it and invite again to change its roles`,
        );
      }
      const invite: Invite = {
        invite_code: state.nextInviteCode(),
        project_id: project.id,
        email,
        permissions,
        status: 'pending',
      };
      const organization = state.organizations.get(project.organization_id)!;
      if (person !== undefined && organization.members.includes(person.id)) {
        invite.status = 'accepted';
        invite.user_id = person.id;
        project.users.set(person.id, structuredClone(permissions));
      }
      state.invites.set(invite.invite_code, invite);
      const { project_id: _project, ...answer } = invite;
      return answer;
    });

    post('/auth/invite/delete', async (c) => {
      const { project } = projectAdmin(state, region, c, 'project', 'auth/invite/delete');
      const code = requireString(await readJsonBody(c), 'invite_code');
      const invite = state.invites.get(code);
      if (invite === undefined || invite.project_id !== project.id) {
        throw new AdminApiError(404, `Invite "${code}" not found on project "${project.id}"`);
      }
      state.invites.delete(code);
      return { invite_code: code, deleted: true };
    });

    post('/auth/users/:user_id/update', async (c) => {
      const { project } = projectAdmin(state, region, c, 'bareProject', 'auth/users/{user_id}/update');
      const permissions = requirePermissions(await readJsonBody(c));
      const userId = projectUser(project.users, c.req.param('user_id')!, project.id);
      project.users.set(userId, permissions);
      return { user_id: userId, permissions };
    });

    post('/auth/users/:user_id/delete', async (c) => {
      const { project } = projectAdmin(state, region, c, 'project', 'auth/users/{user_id}/delete');
      await readJsonBody(c);
      const userId = projectUser(project.users, c.req.param('user_id')!, project.id);
      project.users.delete(userId);
      return { user_id: userId, removed: true };
    });
  }
}

/** Runs a handler, turning its result into 200 JSON and an AdminApiError into `{ message }` with its status. */
function answer(region: AdminRegion, handler: Handler) {
  return async (c: Context) => {
    try {
      return Response.json(await handler(c, region));
    } catch (error) {
      if (error instanceof AdminApiError)
        return Response.json({ message: error.message }, { status: error.status });
      throw error;
    }
  };
}

/** Project-scoped calls: a known key, a known project in this region, and admin permission on it. */
function projectAdmin(
  state: AdminState,
  region: AdminRegion,
  c: Context,
  shape: 'project' | 'bareProject',
  operation: string,
): Required<Caller> {
  const { user, project } = authenticate(state, c.req.header('authorization'), shape, operation);
  const organization = state.organizations.get(project!.organization_id)!;
  checkRegion(region, organization.id, organization.region);
  if (!isAdmin(project!.users.get(user.id))) {
    throw new AdminApiError(403, `${operation} needs admin permission on project "${project!.id}"`);
  }
  return { user, project: project! };
}

/** The base address must be the organization's region: 421 Misdirected Request otherwise. */
function checkRegion(region: AdminRegion, organizationId: string, hosted: AdminRegion): void {
  if (region !== hosted) {
    throw new AdminApiError(
      421,
      `organization ${organizationId} is hosted in ${hosted}; use the ${hosted} base address`,
    );
  }
}

function projectUser(users: Map<string, unknown>, userId: string, projectId: string): string {
  if (!users.has(userId))
    throw new AdminApiError(404, `User "${userId}" is not a user of project "${projectId}"`);
  return userId;
}
