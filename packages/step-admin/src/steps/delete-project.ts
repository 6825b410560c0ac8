import { defineStep, StepError, Type } from '@toolsteps/sdk';

const REASON =
  'deleting a project through the API is announced as being worked on and is not available yet; delete it in the dashboard';

/**
 * Catalogued so users find it, refused by validation: the API announces deleting a project as being
 * worked on and gives no path for it.
 */
export const deleteProject = defineStep({
  id: 'admin.delete_project',
  title: 'Delete Project',
  description: 'Deleting a project through the API is announced as being worked on.',
  effect: 'delete',
  available: false,
  unavailableReason: REASON,
  input: Type.Object({ project_id: Type.String() }),
  output: Type.Object({}),
  run: async () => {
    throw new StepError({ code: 'unsupported', message: `admin.delete_project: ${REASON}` });
  },
});
