import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { Task } from '../task.js';

type TaskRecord = Static<typeof Task>;

/**
 * Adding a task twice adds two tasks: the write is not safe to repeat. So the step tags the task
 * with its call's `idempotencyKey` (the API's `ref`), and its probe looks the tag up: a run resumed
 * after a crash mid-write, or whose POST got a 5xx or lost its answer, neither adds the task again
 * nor stops for an operator.
 */
export const addTask = defineStep({
  id: 'tasks.add_task',
  title: 'Add Task',
  description: 'Adds an open task. The task carries a `ref` unique to this call, so a resumed run finds it.',
  effect: 'write',
  input: Type.Object(
    {
      title: Type.String({ minLength: 1, maxLength: 200 }),
      labels: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { maxItems: 20 })),
      due: Type.Optional(Type.String({ format: 'date' })),
    },
    { additionalProperties: false },
  ),
  output: Task,
  run: async (input, ctx) => {
    const { body } = await ctx.http.request<TaskRecord>({
      method: 'POST',
      path: 'tasks',
      json: { ...input, ref: ctx.idempotencyKey },
    });
    return body;
  },
  probe: async (_input, ctx) => {
    const { body } = await ctx.http.get<{ tasks: TaskRecord[] }>('tasks', { ref: ctx.idempotencyKey });
    const [found] = body.tasks;
    return found ? { happened: true, result: found } : { happened: false };
  },
});
