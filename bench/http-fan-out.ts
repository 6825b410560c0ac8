import { setMaxListeners } from 'node:events';
import { createEngine, type Engine, HTTP_DEFAULTS, UndiciTransport } from '@toolsteps/engine';
import { spawnBenchEmulator, startBenchEmulator } from './bench-emulator.js';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { ky, pMap, undici } from './engine-deps.js';
import { median, round, timeOnce } from './measure.js';
import { type BenchResult, judged } from './result.js';

const ITEMS = 200;
const CONCURRENCY = 16;
const OPTIONS = { warmup: 3, samples: 25 };

/** The arms of B2, each one full fan-out of ITEMS GETs at CONCURRENCY. */
type ArmName = 'engine' | 'ky' | 'kyTransport' | 'fetch' | 'undici';
type Arms = Record<ArmName, () => Promise<void>>;
interface ArmSamples {
  ms: number[];
  cpuUs: number[];
}

/**
 * B2: a forEach of 200 GETs, 16 at a time, through a step's ctx.http, against bare ky with the
 * options the engine gives it (ky is the client steps see, so it is what the engine is judged
 * against), with bare `fetch` (floor) and `undici.request()` (limit) beside them. All four arms
 * run interleaved in one process, the emulator in a child process so its CPU is charged to none.
 */
export async function benchHttpFanOut(): Promise<BenchResult> {
  const remote = await measure('child-process', ['engine', 'ky', 'kyTransport', 'fetch', 'undici'], OPTIONS);
  const local = await measure('in-process', ['engine', 'ky'], { warmup: 2, samples: 7 });
  const ms = (arm: ArmName) => median(remote[arm].ms);
  const cpu = (arm: ArmName) => median(remote[arm].cpuUs) / ITEMS;
  return judged({
    id: 'B2',
    name: `HTTP fan-out (forEach of ${ITEMS} GETs, concurrency ${CONCURRENCY})`,
    metrics: {
      engineToKyRatio: round(ms('engine') / ms('ky'), 3),
      engineCpuToKyCpu: round(cpu('engine') / cpu('ky'), 3),
      engineToKyOverTransportRatio: round(ms('engine') / ms('kyTransport'), 3),
      engineMsPerRun: round(ms('engine')),
      kyMsPerRun: round(ms('ky')),
      kyOverTransportMsPerRun: round(ms('kyTransport')),
      fetchMsPerRun: round(ms('fetch')),
      undiciMsPerRun: round(ms('undici')),
      engineCpuUsPerRequest: round(cpu('engine'), 0),
      kyCpuUsPerRequest: round(cpu('ky'), 0),
      kyOverTransportCpuUsPerRequest: round(cpu('kyTransport'), 0),
      fetchCpuUsPerRequest: round(cpu('fetch'), 0),
      undiciCpuUsPerRequest: round(cpu('undici'), 0),
      engineToFetchRatio: round(ms('engine') / ms('fetch'), 3),
      kyToFetchRatio: round(ms('ky') / ms('fetch'), 3),
      undiciToFetchRatio: round(ms('undici') / ms('fetch'), 3),
      engineRequestsPerSecond: round((ITEMS * 1000) / ms('engine'), 0),
      engineToKyRatioEmulatorInProcess: round(median(local.engine.ms) / median(local.ky.ms), 3),
    },
    targets: [
      { metric: 'engineToKyRatio', max: 1.2, description: 'engine time / bare ky time <= 1.2' },
      {
        metric: 'engineCpuToKyCpu',
        max: 1.5,
        description: 'engine CPU per request / bare ky CPU per request <= 1.5',
      },
    ],
    method: {
      items: ITEMS,
      concurrency: CONCURRENCY,
      arms: {
        engine:
          'a workflow forEach of the bench.get step (ctx.http.get): every safety layer on, ky over the default transport (undici request() on a keep-alive Agent)',
        ky: 'bare ky.create with the options the engine uses (retry 0, timeout false, throwHttpErrors false, redirect manual), p-map',
        kyTransport:
          "the same bare ky over the engine's default transport (its `fetch` option): what the engine's layers cost above ky once both use the same transport",
        fetch: 'bare global fetch, p-map: the floor',
        undici: 'undici.request() over a keep-alive Pool, p-map: the limit (no WHATWG streams)',
      },
      emulator:
        'judged with the emulator in a child process (node --import tsx); engineToKyRatioEmulatorInProcess repeats engine and ky with the emulator in the measured process',
      cpu: '*CpuUsPerRequest: CPU time (user + system) of the measured process per request, median of samples',
      rateLimit: 'the bench integration sets none, so the client never holds the fan-out below 16',
      warmupRounds: OPTIONS.warmup,
      samples: OPTIONS.samples,
      statistic: 'median of samples; every round runs each arm once, the order rotating round by round',
      samplesMs: Object.fromEntries(
        Object.entries(remote).map(([arm, samples]) => [arm, samples.ms.map((value) => round(value))]),
      ),
    },
  });
}

type Placement = 'child-process' | 'in-process';

async function measure(
  placement: Placement,
  names: ArmName[],
  options: { warmup: number; samples: number },
): Promise<Record<ArmName, ArmSamples>> {
  const emulator = placement === 'child-process' ? await spawnBenchEmulator() : await startBenchEmulator();
  const pool = new undici.Pool(emulator.baseUrl, { connections: CONCURRENCY, pipelining: 1 });
  try {
    const arms = await buildArms(emulator.baseUrl, pool);
    return await sampleInterleaved(arms, names, options);
  } finally {
    await pool.close();
    await emulator.close();
  }
}

async function buildArms(baseUrl: string, pool: InstanceType<typeof undici.Pool>): Promise<Arms> {
  const account = benchAccount(baseUrl);
  const engine = await createEngine({ integrations: [benchIntegration], accounts: [account] });
  const ids = Array.from({ length: ITEMS }, (_, index) => `item-${index}`);
  const authorization = `Bearer ${String(account.credentials.token)}`;
  const headers = { authorization, accept: 'application/json' };
  const fanOut = (name: string, get: (path: string) => Promise<unknown>) => async () => {
    const items = await pMap(ids, (id) => get(`/items/${encodeURIComponent(id)}`), {
      concurrency: CONCURRENCY,
    });
    if (items.length !== ITEMS) throw new Error(`B2 ${name} arm went wrong`);
  };
  const kyOptions = { retry: 0, timeout: false, throwHttpErrors: false, redirect: 'manual' } as const;
  const kyClient = ky.create(kyOptions);
  const transport = new UndiciTransport();
  // One signal for every send of this arm, as the engine gives each send its own: no listener cap.
  const signal = new AbortController().signal;
  setMaxListeners(0, signal);
  const sending = { signal, maxResponseBytes: HTTP_DEFAULTS.maxResponseBytes };
  const kyTransportClient = ky.create({
    ...kyOptions,
    fetch: (input) => transport.fetch(input as Request, sending),
  });
  return {
    engine: await engineArm(engine, ids),
    ky: fanOut('ky', async (path) => {
      const response = await kyClient(`${baseUrl}${path}`, { headers });
      if (!response.ok) throw new Error(`B2 ky arm got ${response.status}`);
      return response.json();
    }),
    kyTransport: fanOut('kyTransport', async (path) => {
      const response = await kyTransportClient(`${baseUrl}${path}`, { headers });
      if (!response.ok) throw new Error(`B2 kyTransport arm got ${response.status}`);
      return response.json();
    }),
    fetch: fanOut('fetch', async (path) => {
      const response = await fetch(`${baseUrl}${path}`, { headers });
      if (!response.ok) throw new Error(`B2 fetch arm got ${response.status}`);
      return response.json();
    }),
    undici: fanOut('undici', async (path) => {
      const response = await pool.request({ method: 'GET', path, headers });
      if (response.statusCode !== 200) throw new Error(`B2 undici arm got ${response.statusCode}`);
      return response.body.json();
    }),
  };
}

async function engineArm(engine: Engine, ids: string[]): Promise<() => Promise<void>> {
  const workflow = await engine.load({
    text: JSON.stringify({
      id: 'http-fan-out',
      steps: [
        {
          id: 'items',
          forEach: {
            items: '{% $input.ids %}',
            as: 'itemId',
            concurrency: CONCURRENCY,
            steps: [{ id: 'get', step: 'bench.get', args: { id: '{% $itemId %}' } }],
          },
        },
      ],
      output: '{% $count($steps.items.result) %}',
    }),
  });
  return async () => {
    const result = await engine.run(workflow, { ids });
    if (result.status !== 'succeeded' || result.output !== ids.length) {
      throw new Error(`B2 engine run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
    }
  };
}

/**
 * Every round runs each arm once, starting one arm later each round, so drift of a shared machine
 * and the cost of following another arm fall on all arms alike. Time and CPU of each sample.
 */
async function sampleInterleaved(
  arms: Arms,
  names: ArmName[],
  options: { warmup: number; samples: number },
): Promise<Record<ArmName, ArmSamples>> {
  const out = Object.fromEntries(names.map((name) => [name, { ms: [], cpuUs: [] } as ArmSamples])) as Record<
    ArmName,
    ArmSamples
  >;
  for (let round = 0; round < options.warmup + options.samples; round++) {
    for (let turn = 0; turn < names.length; turn++) {
      const name = names[(round + turn) % names.length];
      const before = process.cpuUsage();
      const ms = await timeOnce(arms[name]);
      const used = process.cpuUsage(before);
      if (round < options.warmup) continue;
      out[name].ms.push(ms);
      out[name].cpuUs.push(used.user + used.system);
    }
  }
  return out;
}
