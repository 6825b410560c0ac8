import { createEmulator, type Emulator } from '@toolsteps/emulator';

/** A small items API for retry tests: a read (GET), a write (POST) and an idempotent write (PUT). */
export function itemsEmulator(): Promise<Emulator> {
  return createEmulator({
    routes: (app) => {
      app.get('/items', (c) => c.json([{ id: 1 }]));
      app.post('/items', (c) => c.json({ id: 2 }, 201));
      app.put('/items/2', (c) => c.json({ id: 2 }));
    },
  });
}
