import { createEmulator, type Emulator, type FaultSpec, type InjectedFault } from '@toolsteps/emulator';
import type { ConnectedAccount, EmulateOptions, EmulatorSession } from '@toolsteps/sdk';
import type { AdminRegion, AdminUser, Invite, Organization, Permissions, Project } from './admin-model.js';
import { registerAdminRoutes } from './admin-routes.js';
import { DEMO_ADMIN_KEY, DEMO_PROJECT_ID, seedAdminState } from './admin-seed.js';
import { AdminState } from './admin-state.js';
import { toPermissions } from './permissions.js';

export interface AdminEmulatorOptions {
  /** Port on 127.0.0.1; default 0, a free one. */
  port?: number;
  /** Host names besides loopback's that the emulator answers to (see EmulatorOptions.allowedHosts). */
  allowedHosts?: readonly string[];
}

/**
 * The service's administration API on loopback, all three regions on one server.
 *
 * Addressing: `regionBaseUrl('EU')` is `${baseUrl}/eu` (likewise `/au`, `/us`); every path starts with
 * `/latest` after it. Demo seed: see {@link seedAdminState} (org-acme in EU with user-ada the admin of
 * proj-acme-1, user-ben its viewer, user-cy a member with no key; org-kiwi in AU with user-kim).
 *
 * Statuses: 200 `{...}` on success; errors are JSON `{ message }`:
 * - 401: Authorization missing or of the wrong shape for the operation (only `<PROJECT_ID>:<API_KEY>`
 *   without Bearer is accepted by users/{id}/update, only `Bearer <PROJECT_ID>:<API_KEY>` by the other
 *   project-scoped calls, only `Bearer :<API_KEY>` by projects/create), unknown key, deactivated user;
 * - 404: the project part names no project; unknown organization_id, invite_code or project user;
 * - 421 Misdirected Request: the base address is not the organization's region
 *   (`organization org-acme is hosted in EU; use the EU base address`);
 * - 403: not a member of the organization (create project) or no admin permission on the project;
 * - 415: body not sent as application/json; 400: body not a JSON object or a required field missing;
 * - 422: invalid permissions object, malformed email, field of the wrong type;
 * - 409: inviting someone already on the project, or with a pending invite there already.
 * Checks run in that order: auth, region, permission, body (projects/create reads the body first, as
 * organization_id is in it, then checks organization, region, membership).
 */
export interface AdminEmulator extends Emulator {
  /** The base address of a region, e.g. `http://127.0.0.1:1234/eu`. */
  regionBaseUrl(region: AdminRegion): string;
  /** The demo account: user-ada's key, EU base address, project proj-acme-1. */
  readonly account: ConnectedAccount;
  /** Identity-provider deactivation: the user's keys are refused (401) from the next request on. */
  deactivateUser(userId: string): void;
  /** Sets or adds a project user's permissions without going through the API; throws on invalid input. */
  setPermissions(projectId: string, userId: string, permissions: Permissions): void;
  /** Live read-only views of the state (the maps themselves: resetState refills them in place). */
  readonly organizations: ReadonlyMap<string, Organization>;
  readonly users: ReadonlyMap<string, AdminUser>;
  readonly projects: ReadonlyMap<string, Project>;
  readonly invites: ReadonlyMap<string, Invite>;
  /** A project's users and their permissions; undefined for an unknown project. */
  projectUsers(projectId: string): ReadonlyMap<string, Permissions> | undefined;
  /**
   * Injects a fault under a region's prefix: `injectFault('EU', { path: '/latest/projects/create',
   * status: 502, body: 'Bad gateway' })` answers the next such request with that text body. `'*'` matches
   * every region.
   */
  injectFault(region: AdminRegion | '*', spec: FaultSpec & { path: string }): InjectedFault;
  /** Puts back the demo seed: projects, invites, users and id counters. Faults and log stay. */
  resetState(): void;
}

/** Starts the administration emulator with the demo seed. */
export async function createAdminEmulator(options: AdminEmulatorOptions = {}): Promise<AdminEmulator> {
  const state = seedAdminState(new AdminState());
  let baseUrl = '';
  const emulator = await createEmulator({
    port: options.port,
    allowedHosts: options.allowedHosts,
    routes: (app) => registerAdminRoutes(app, state, () => baseUrl),
  });
  baseUrl = emulator.baseUrl;
  const regionBaseUrl = (region: AdminRegion) => `${baseUrl}/${region.toLowerCase()}`;
  const account: ConnectedAccount = {
    id: 'admin-demo',
    integration: 'admin',
    name: 'Acme admin',
    settings: { region: 'EU', baseUrl: regionBaseUrl('EU'), projectId: DEMO_PROJECT_ID },
    credentials: { apiKey: DEMO_ADMIN_KEY },
  };
  const controls: Omit<AdminEmulator, keyof Emulator> = {
    regionBaseUrl,
    account,
    deactivateUser: (userId) => state.deactivateUser(userId),
    setPermissions: (projectId, userId, permissions) =>
      state.setPermissions(projectId, userId, toPermissions(permissions)),
    organizations: state.organizations,
    users: state.users,
    projects: state.projects,
    invites: state.invites,
    projectUsers: (projectId) => state.projects.get(projectId)?.users,
    injectFault: (region, spec) =>
      emulator.faults.inject({
        ...spec,
        path: `/${region === '*' ? '*' : region.toLowerCase()}${spec.path}`,
      }),
    resetState: () => {
      state.clear();
      seedAdminState(state);
    },
  };
  return Object.assign(emulator, controls);
}

/** The emulator as the CLI starts it (`toolsteps emulate admin`, or a run without --accounts). */
export async function startAdminEmulator(options: EmulateOptions = {}): Promise<EmulatorSession> {
  const emulator = await createAdminEmulator({ port: options.port, allowedHosts: options.allowedHosts });
  return {
    integration: 'admin',
    baseUrl: emulator.baseUrl,
    accounts: [emulator.account],
    close: () => emulator.close(),
  };
}
