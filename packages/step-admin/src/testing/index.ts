export * from './admin-emulator.js';
export type {
  AdminRegion,
  AdminUser,
  Invite,
  InviteStatus,
  Organization,
  PermissionAction,
  Permissions,
  Project,
} from './admin-model.js';
export { ADMIN_REGIONS, PERMISSION_ACTIONS, permissionsOf } from './admin-model.js';
export {
  DEMO_ADMIN_KEY,
  DEMO_KIWI_KEY,
  DEMO_PROJECT_ID,
  DEMO_VIEWER_KEY,
  seedAdminState,
} from './admin-seed.js';
export { permissionsProblem } from './permissions.js';
