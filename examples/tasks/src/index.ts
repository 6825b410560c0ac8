import { defineIntegration, Type } from '@toolsteps/sdk';
import { addTask } from './steps/add-task.js';
import { completeTask } from './steps/complete-task.js';
import { listTasks } from './steps/list-tasks.js';

/**
 * An example integration: a task tracker whose API lives only in its emulator. It shows the
 * shape of a step package: one file per step, the HTTP addressing in one place, an emulator.
 */
const tasks = defineIntegration({
  id: 'tasks',
  title: 'Tasks (example)',
  description: 'The example integration of the README: a small task-tracker API.',
  status: 'stable',
  connection: Type.Object({ baseUrl: Type.String({ format: 'uri' }) }),
  auth: { kind: 'token' },
  http: (account) => ({ baseUrl: String(account.settings.baseUrl), rateLimit: { concurrency: 8 } }),
  steps: [listTasks, addTask, completeTask],
  emulate: async (options) => {
    const { startTasksEmulator } = await import('./testing/index.js');
    return startTasksEmulator(options);
  },
});

export default tasks;
