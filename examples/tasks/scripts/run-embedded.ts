import { createEngine } from '@toolsteps/engine';
import tasks from '../src/index.js';
import { createTasksEmulator } from '../src/testing/index.js';

// An agent runtime embedding the engine: here the vault is in memory and the API is the emulator.
const emulator = await createTasksEmulator();
const engine = await createEngine({ integrations: [tasks], accounts: [emulator.account] });

const workflow = await engine.load(new URL('../workflows/triage.json', import.meta.url).pathname);
const result = await engine.run(
  workflow,
  { today: '2026-11-21' },
  {
    signal: AbortSignal.timeout(60_000),
    onEvent: (event) => {
      if (event.type === 'step.succeeded') console.log(`${event.stepKey} took ${event.durationMs} ms`);
    },
  },
);
console.log(result.status, JSON.stringify(result.output));
await emulator.close();
