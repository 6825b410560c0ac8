import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testStep } from '@toolsteps/engine/testing';
import tasks from '../../../../examples/tasks/src/index.js';
import { createTasksEmulator, type TasksEmulator } from '../../../../examples/tasks/src/testing/index.js';

// testStep finds each step's integration (auth, base URL, limits) through defineIntegration.
const [listTasks, , completeTask] = tasks.steps;

describe('testStep', () => {
  let emulator: TasksEmulator;
  beforeAll(async () => {
    emulator = await createTasksEmulator();
  });
  afterAll(() => emulator.close());

  it('runs a step against the emulator and shows its result and requests', async () => {
    const outcome = await testStep(listTasks, { label: 'stale' }, { emulator });

    expect(outcome.ok).toBe(true);
    expect(outcome.result).toMatchObject({ count: 2 });
    expect(outcome.exchanges.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'GET /tasks?label=stale 200',
    ]);
    expect(outcome.exchanges[0].requestHeaders.authorization).toBe('[REDACTED]');
  });

  it('retries a safe write after a 503 and reports the retry', async () => {
    emulator.faults.inject({ method: 'PUT', path: '/tasks/5/completion', status: 503 });

    const outcome = await testStep(completeTask, { id: 5, note: 'done' }, { emulator });

    expect(outcome.result).toMatchObject({ id: 5, status: 'done', note: 'done' });
    expect(outcome.exchanges.map((e) => e.status)).toEqual([503, 200]);
  });

  it('returns the error a user would see, with its code and upstream status', async () => {
    const outcome = await testStep(completeTask, { id: 999 }, { emulator });

    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('rejects input that breaks the step schema before any request is sent', async () => {
    const before = emulator.requests.length;

    const outcome = await testStep(completeTask, { id: 'seven' }, { emulator });

    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/id' });
    expect(emulator.requests.length).toBe(before);
  });
});
