import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { Task } from '../task.js';

export const listTasks = defineStep({
  id: 'tasks.list_tasks',
  title: 'List Tasks',
  description: 'Lists tasks, optionally only those with a status or a label.',
  effect: 'read',
  input: Type.Object(
    {
      status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('done')])),
      label: Type.Optional(Type.String({ minLength: 1 })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({ tasks: Type.Array(Task), count: Type.Integer() }),
  run: async (input, ctx) => {
    const { body } = await ctx.http.get<{ tasks: Static<typeof Task>[] }>('tasks', input);
    return { tasks: body.tasks, count: body.tasks.length };
  },
});
