import { defineIntegration } from '@toolsteps/sdk';
import { authorizationFor } from './auth-shapes.js';
import { AdminConnection, adminBaseUrl } from './connection.js';
import { apiCall } from './steps/api-call.js';
import { changeInviteRole } from './steps/change-invite-role.js';
import { createInvite } from './steps/create-invite.js';
import { createProject } from './steps/create-project.js';
import { deleteInvite } from './steps/delete-invite.js';
import { deleteProject } from './steps/delete-project.js';
import { removeUser } from './steps/remove-user.js';
import { updateUserRole } from './steps/update-user-role.js';

/** The service's own administration API: projects, invites and project users. */
const admin = defineIntegration({
  id: 'admin',
  title: 'Administration',
  description: 'Projects, invites and project users of the service itself.',
  status: 'stable',
  connection: AdminConnection,
  auth: { kind: 'apiKey', header: 'authorization', value: authorizationFor },
  http: (account) => ({ baseUrl: adminBaseUrl(account) }),
  emulate: async (options) => {
    const { startAdminEmulator } = await import('./testing/index.js');
    return startAdminEmulator(options);
  },
  steps: [
    createProject,
    deleteProject,
    createInvite,
    updateUserRole,
    deleteInvite,
    removeUser,
    changeInviteRole,
    apiCall,
  ],
});

export default admin;
export { permissionsForRole, ROLES } from './permissions.js';

// Each step by name, so `import { createInvite } from '@toolsteps/step-admin'` brings its integration along.
export {
  apiCall,
  changeInviteRole,
  createInvite,
  createProject,
  deleteInvite,
  deleteProject,
  removeUser,
  updateUserRole,
};
