import { defineIntegration, defineStep } from '@toolsteps/sdk';
import type { TasksEmulator } from '../../../../examples/tasks/src/testing/index.js';
import { Type } from '../../src/index.js';

/** A note added as a task: a write not safe to repeat, with no probe to find it again. */
const addNote = defineStep({
  id: 'notes.add_note',
  title: 'Add Note',
  description: 'Adds a note to the task list; adding it twice adds two.',
  effect: 'write',
  input: Type.Object({ text: Type.String() }),
  output: Type.Object({ id: Type.Integer(), title: Type.String() }, { additionalProperties: true }),
  run: async ({ text }, ctx) =>
    (
      await ctx.http.request<{ id: number; title: string }>({
        method: 'POST',
        path: 'tasks',
        json: { title: text },
      })
    ).body,
});

export const notes = defineIntegration({
  id: 'notes',
  title: 'Notes (test)',
  description: 'A write step without a probe, on the tasks emulator.',
  status: 'stable',
  connection: Type.Object({ baseUrl: Type.String() }),
  auth: { kind: 'token' },
  http: (account) => ({ baseUrl: String(account.settings.baseUrl) }),
  steps: [addNote],
});

/** The account of the notes integration: the tasks emulator's. */
export const notesAccount = (emulator: TasksEmulator) => [
  { ...emulator.account, id: 'notes-demo', integration: 'notes', name: 'Demo notes' },
];
