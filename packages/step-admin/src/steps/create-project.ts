import { defineStep, Type } from '@toolsteps/sdk';
import { adminPost } from '../admin-call.js';
import { OPERATION_AUTH } from '../auth-shapes.js';

const CreatedProject = Type.Object({ project_id: Type.String() });

export const createProject = defineStep({
  id: 'admin.create_project',
  title: 'Create Project',
  description: 'Creates a project in an organization (POST /latest/projects/create).',
  effect: 'write',
  input: Type.Object(
    {
      name: Type.String({ minLength: 1 }),
      description: Type.String(),
      organization_id: Type.String({ minLength: 1, description: 'The organization that owns the project' }),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({ project_id: Type.String() }),
  run: async (input, ctx) => {
    const { project_id } = await adminPost<{ project_id: string }>(ctx, {
      path: 'projects/create',
      body: input,
      auth: OPERATION_AUTH.createProject,
      expect: CreatedProject,
    });
    return { project_id };
  },
});
