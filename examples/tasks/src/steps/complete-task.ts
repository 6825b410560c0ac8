import { defineStep, Type } from '@toolsteps/sdk';
import { Task } from '../task.js';

export const completeTask = defineStep({
  id: 'tasks.complete_task',
  title: 'Complete Task',
  description: 'Marks a task done, with an optional note saying why.',
  effect: 'write',
  input: Type.Object(
    { id: Type.Integer({ minimum: 1 }), note: Type.Optional(Type.String({ maxLength: 500 })) },
    { additionalProperties: false },
  ),
  output: Task,
  run: async ({ id, note }, ctx) => {
    // Completing twice leaves the task done: the API makes this write safe to retry.
    const { body } = await ctx.http.request({
      method: 'PUT',
      path: `tasks/${id}/completion`,
      json: { note },
      retrySafe: true,
    });
    return body as typeof Task.static;
  },
});
