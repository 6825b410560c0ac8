import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchEmptySteps } from './empty-steps.js';
import { benchEngineOverhead } from './engine-overhead.js';
import { benchExpressionCompileTime } from './expression-compile-time.js';
import { benchExpressionSteps } from './expression-steps.js';
import { benchHttpFanOut } from './http-fan-out.js';
import { benchInstalledPackages } from './installed-packages.js';
import { benchLargeExpression } from './large-expression.js';
import { benchMemoryInFlight } from './memory-in-flight.js';
import { benchQueueLoad } from './queue-load.js';
import { benchQueueOverhead } from './queue-overhead.js';
import type { BenchResult } from './result.js';
import { benchRunJournal } from './run-journal.js';
import { benchSecretScrubbing } from './secret-scrubbing.js';
import { formatTable } from './table.js';
import { benchToolCalls } from './tool-calls.js';
import { benchUsersMemory } from './users-memory.js';
import { benchWebhookDeliveries } from './webhook-deliveries.js';

const RESULTS_FILE = fileURLToPath(new URL('./results.json', import.meta.url));

/**
 * `pnpm bench`: every benchmark in one run on this machine, a table on stdout and the numbers in
 * bench/results.json. Exits 1 when a target is missed, so a script can tell.
 */
async function main(): Promise<void> {
  const startedAt = new Date();
  const machine = {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    totalMemoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
    date: startedAt.toISOString(),
  };
  const benches: Array<[string, () => Promise<BenchResult>]> = [
    ['B1 engine overhead', benchEngineOverhead],
    ['B2 HTTP fan-out', benchHttpFanOut],
    ['B3 memory in flight', benchMemoryInFlight],
    ['B4 webhook deliveries', benchWebhookDeliveries],
    ['B5 run journal', benchRunJournal],
    ['B5q queue', benchQueueOverhead],
    ['B5load queue load', benchQueueLoad],
    ['B6 empty steps', benchEmptySteps],
    ['B7 secret scrubbing', benchSecretScrubbing],
    ['B8 installed packages', benchInstalledPackages],
    ['B9 tool calls', benchToolCalls],
    ['B10 accounts of many users', benchUsersMemory],
    ['B11 expression steps', benchExpressionSteps],
    ['B11large one expression over 10,000 items', benchLargeExpression],
    ['B11compile expression compile time', benchExpressionCompileTime],
  ];
  // `pnpm bench B1 B6` runs only those (B5 all three of its parts, B5load one, B11 all three of its own);
  // results.json is written only by a full run.
  const only = process.argv.slice(2).map((id) => id.toUpperCase());
  const chosen =
    only.length === 0
      ? benches
      : benches.filter(([label]) => only.some((id) => isPartOf(label.split(' ')[0].toUpperCase(), id)));
  if (chosen.length === 0) throw new Error(`No benchmark is called ${only.join(', ')}`);
  const results: BenchResult[] = [];
  for (const [label, bench] of chosen) {
    process.stderr.write(`running ${label}…\n`);
    results.push(await bench());
  }
  const durationS = Math.round((Date.now() - startedAt.getTime()) / 100) / 10;
  if (only.length === 0) {
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify({ machine: { ...machine, loadAverageAtEnd: os.loadavg().map((load) => Math.round(load * 100) / 100) }, durationS, results }, null, 2)}\n`,
    );
  }
  process.stdout.write(`${formatTable(results)}\n\n`);
  process.stdout.write(
    `node ${machine.node}, ${machine.cpus} × ${machine.cpuModel}, load ${machine.loadAverageAtStart.join(' ')}; ${durationS} s; ${only.length === 0 ? 'written to bench/results.json' : 'results.json left as it was (a partial run)'}\n`,
  );
  if (results.some((result) => !result.pass)) process.exitCode = 1;
}

await main();

/** `B5` names B5, B5q and B5load; `B1` names B1, not B10. */
function isPartOf(benchId: string, asked: string): boolean {
  return benchId.startsWith(asked) && !/\d/.test(benchId.charAt(asked.length));
}
