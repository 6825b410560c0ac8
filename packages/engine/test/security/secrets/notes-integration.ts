import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { type ConnectedAccount, defineIntegration, defineStep, Type } from '../../../src/index.js';

/** Reads what the API calls the account's "profile": a careless API echoes the caller's token in it. */
const readProfile = defineStep({
  id: 'notes.read_profile',
  title: 'Read profile',
  description: 'Reads the profile of the connected account.',
  effect: 'read',
  input: Type.Object({}),
  output: Type.Object({ echoed: Type.String() }),
  run: async (_input, ctx) => (await ctx.http.get<{ echoed: string }>('/profile')).body,
});

const addNote = defineStep({
  id: 'notes.add_note',
  title: 'Add note',
  description: 'Adds a note.',
  effect: 'write',
  input: Type.Object({ text: Type.String(), where: Type.Optional(Type.String()) }),
  output: Type.Object({ id: Type.Integer() }),
  run: async ({ text, where }, ctx) => {
    const request =
      where === 'query'
        ? { method: 'POST' as const, path: '/notes', query: { text } }
        : where === 'header'
          ? { method: 'POST' as const, path: '/notes', headers: { 'x-note': text } }
          : { method: 'POST' as const, path: '/notes', json: { text } };
    return (await ctx.http.request<{ id: number }>(request)).body;
  },
});

/** A notes API whose accounts each live on their own host. */
export const notes = defineIntegration({
  id: 'notes',
  title: 'Notes',
  status: 'beta',
  connection: Type.Object({ baseUrl: Type.String() }),
  auth: { kind: 'token' },
  http: (account) => ({ baseUrl: String(account.settings.baseUrl), maxAttempts: 1 }),
  steps: [readProfile, addNote],
});

/** `GET /profile` echoes the Authorization header's token; `POST /notes` answers an id. */
export function startNotesEmulator(): Promise<Emulator> {
  return createEmulator({
    routes: (app) => {
      app.get('/profile', (c) =>
        c.json({ echoed: (c.req.header('authorization') ?? '').replace('Bearer ', '') }),
      );
      app.post('/notes', (c) => c.json({ id: 1 }));
    },
  });
}

export function notesAccount(id: string, baseUrl: string, token: string): ConnectedAccount {
  return { id, integration: 'notes', name: id, settings: { baseUrl }, credentials: { token } };
}
