import { writeHeapSnapshot } from 'node:v8';
import { setTimeout as sleep } from 'node:timers/promises';
import { createEngine } from '../packages/engine/src/index.js';
import { spawnBenchEmulator } from './bench-emulator.js';
import { benchAccount, benchIntegration } from './bench-integration.js';

const emulator = await spawnBenchEmulator({ delayMs: 4000 });
const engine = await createEngine({ integrations: [benchIntegration], accounts: [benchAccount(emulator.baseUrl)] });
const wf = await engine.load({ text: JSON.stringify({ id: 'one', steps: [{ id: 'get', step: 'bench.get', args: { id: '{% $input.id %}' } }] }) });
await Promise.all(Array.from({ length: 50 }, (_, i) => engine.run(wf, { id: `w${i}` })));
(globalThis as any).gc?.();
const a = writeHeapSnapshot('/tmp/heap-a.heapsnapshot');
const runs = Array.from({ length: 1000 }, (_, i) => engine.run(wf, { id: `r${i}` }));
await sleep(1500);
(globalThis as any).gc?.();
const b = writeHeapSnapshot('/tmp/heap-b.heapsnapshot');
console.log(a, b);
await Promise.all(runs);
await emulator.close();
