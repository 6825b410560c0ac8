import { defineIntegration, defineStep } from '@toolsteps/sdk';
import type { TasksEmulator } from '../../../../../../examples/tasks/src/testing/index.js';
import { Type } from '../../../../src/index.js';

/** What the paid task tracker charges for each task it adds, and so the step's worst case. */
export const TASK_PRICE = 3;

const Task = Type.Object({ id: Type.Integer(), title: Type.String() }, { additionalProperties: true });

/**
 * A metered write with a probe: the tasks emulator's POST /tasks, charged TASK_PRICE credits for
 * each task it adds (a POST that adds none costs nothing). Tagged with the call's idempotency key,
 * so its probe finds the task a POST whose answer said nothing added.
 */
const addPaidTask = defineStep({
  id: 'paid.add_task',
  title: 'Add Paid Task',
  description: `Adds a task, charged ${TASK_PRICE} credits.`,
  effect: 'write',
  credits: { worstCase: () => TASK_PRICE },
  input: Type.Object({ title: Type.String() }),
  output: Task,
  run: async ({ title }, ctx) => {
    const { body } = await ctx.http.request<{ id: number; title: string }>({
      method: 'POST',
      path: 'tasks',
      json: { title, ref: ctx.idempotencyKey },
    });
    ctx.credits.spent(TASK_PRICE);
    return body;
  },
  probe: async (_input, ctx) => {
    const { body } = await ctx.http.get<{ tasks: Array<{ id: number; title: string }> }>('tasks', {
      ref: ctx.idempotencyKey,
    });
    const [found] = body.tasks;
    return found ? { happened: true, result: found } : { happened: false };
  },
});

export const paidTasks = defineIntegration({
  id: 'paid',
  title: 'Paid tasks (test)',
  description: 'A metered write step with a probe, on the tasks emulator.',
  status: 'stable',
  connection: Type.Object({ baseUrl: Type.String() }),
  auth: { kind: 'token' },
  http: (account) => ({ baseUrl: String(account.settings.baseUrl) }),
  steps: [addPaidTask],
});

/** The account of the paid integration: the tasks emulator's. */
export const paidAccount = (emulator: TasksEmulator) => [
  { ...emulator.account, id: 'paid-demo', integration: 'paid', name: 'Demo paid tasks' },
];
