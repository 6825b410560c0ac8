/** The regions the service is deployed in; each has its own base address. */
export const ADMIN_REGIONS = ['AU', 'EU', 'US'] as const;
export type AdminRegion = (typeof ADMIN_REGIONS)[number];

/** The only action names the API documents for a permissions object; true grants one. */
export const PERMISSION_ACTIONS = ['role:editor', 'role:viewer', 'admin'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** As the API documents it: `{ items: { serviceDefault: { actions: { admin: true } } } }`. */
export interface Permissions {
  items: { serviceDefault: { actions: Partial<Record<PermissionAction, boolean>> } };
}

export interface Organization {
  id: string;
  region: AdminRegion;
  /** User ids. */
  members: string[];
}

export interface AdminUser {
  id: string;
  email: string;
  /** False once the identity provider deactivated the user: their keys are refused. */
  active: boolean;
  /** Organization ids. */
  orgs: string[];
}

export interface Project {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  /** Project users by user id. */
  users: Map<string, Permissions>;
}

export type InviteStatus = 'pending' | 'accepted';

export interface Invite {
  invite_code: string;
  project_id: string;
  email: string;
  permissions: Permissions;
  status: InviteStatus;
  /** Set when the invite was accepted by a known user. */
  user_id?: string;
}

/** Builds a permissions object granting the given actions. */
export function permissionsOf(actions: Partial<Record<PermissionAction, boolean>>): Permissions {
  return { items: { serviceDefault: { actions: { ...actions } } } };
}

/** Admin permission is the `admin` action set to true. */
export function isAdmin(permissions: Permissions | undefined): boolean {
  return permissions?.items.serviceDefault.actions.admin === true;
}
