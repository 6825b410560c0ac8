import { createEmulator, type Emulator } from '@toolsteps/emulator';
import type { ConnectedAccount, EmulateOptions, EmulatorSession } from '@toolsteps/sdk';

interface StoredTask {
  id: number;
  title: string;
  status: 'open' | 'done';
  labels: string[];
  due?: string;
  note?: string;
  ref?: string;
}

const SEED: StoredTask[] = [
  { id: 1, title: 'Renew the TLS certificate', status: 'open', labels: ['ops'], due: '2026-11-01' },
  {
    id: 2,
    title: 'Answer the pricing question',
    status: 'open',
    labels: ['support', 'stale'],
    due: '2026-10-12',
  },
  { id: 3, title: 'Write the release notes', status: 'done', labels: ['docs'] },
  { id: 4, title: 'Archive the old board', status: 'open', labels: ['stale'], due: '2026-09-30' },
  { id: 5, title: 'Triage the crash report', status: 'open', labels: ['support'] },
];

/** The demo account's token: only ever valid against this emulator. */
export const DEMO_TOKEN = 'tasks-demo-token';

export interface TasksEmulator extends Emulator {
  tasks: Map<number, StoredTask>;
  account: ConnectedAccount;
}

/**
 * Starts the task-tracker emulator with seeded tasks and one demo account that reaches it; it answers
 * loopback and the `allowedHosts` given only.
 */
export async function createTasksEmulator(
  options: { allowedHosts?: readonly string[] } = {},
): Promise<TasksEmulator> {
  const tasks = new Map(SEED.map((task) => [task.id, structuredClone(task)]));
  const emulator = await createEmulator({
    allowedHosts: options.allowedHosts,
    authorize: (request) => request.headers.authorization === `Bearer ${DEMO_TOKEN}`,
    routes: (app) => {
      app.get('/tasks', (c) => {
        const status = c.req.query('status');
        const label = c.req.query('label');
        const ref = c.req.query('ref');
        const found = [...tasks.values()].filter(
          (task) =>
            (!status || task.status === status) &&
            (!label || task.labels.includes(label)) &&
            (!ref || task.ref === ref),
        );
        return c.json({ tasks: found });
      });
      app.post('/tasks', async (c) => {
        const body = (await c.req.json().catch(() => null)) as Partial<StoredTask> | null;
        if (!body || typeof body.title !== 'string' || body.title.length === 0) {
          return c.json({ message: 'title must be a non-empty string' }, 422);
        }
        const id = Math.max(0, ...tasks.keys()) + 1;
        const task: StoredTask = { id, title: body.title, status: 'open', labels: body.labels ?? [] };
        if (typeof body.due === 'string') task.due = body.due;
        if (typeof body.ref === 'string') task.ref = body.ref;
        tasks.set(id, task);
        return c.json(task, 201);
      });
      app.put('/tasks/:id/completion', async (c) => {
        const task = tasks.get(Number(c.req.param('id')));
        if (!task) return c.json({ message: `No task ${c.req.param('id')}` }, 404);
        const body = (await c.req.json().catch(() => ({}))) as { note?: unknown };
        if (body.note !== undefined && typeof body.note !== 'string') {
          return c.json({ message: 'note must be a string' }, 422);
        }
        task.status = 'done';
        if (body.note) task.note = body.note;
        return c.json(task);
      });
    },
  });
  const account: ConnectedAccount = {
    id: 'tasks-demo',
    integration: 'tasks',
    name: 'Demo tasks',
    settings: { baseUrl: emulator.baseUrl },
    credentials: { token: DEMO_TOKEN },
  };
  return Object.assign(emulator, { tasks, account });
}

/** The emulator as the CLI starts it (`toolsteps emulate tasks`, or a run without --accounts). */
export async function startTasksEmulator(options: EmulateOptions = {}): Promise<EmulatorSession> {
  const emulator = await createTasksEmulator({ allowedHosts: options.allowedHosts });
  return {
    integration: 'tasks',
    baseUrl: emulator.baseUrl,
    accounts: [emulator.account],
    close: () => emulator.close(),
  };
}
