import {
  createGithubEmulator,
  DEMO_REPO,
  type GithubEmulator,
  repoKey,
} from '../packages/step-github/src/testing/index.js';
import { DeliverySenders } from './delivery-senders.js';
import { type CapturedDelivery, issueOpenedDeliveries } from './issue-opened-deliveries.js';
import { closedLoopLoad, type LoadResult, pacedLoad } from './load-phases.js';
import { round } from './measure.js';
import { percentile } from './percentile.js';
import { type BenchResult, judged } from './result.js';
import { spawnWebhookServer, type WebhookServer } from './webhook-server.js';

const SENDERS = 200;
const TARGET_PER_SECOND = 1500;
/** Paced a little above the target, so meeting it never rests on how the last answers round the rate. */
const PACED_PER_SECOND = 1600;
const WARMUP_S = 2;
const MEASURED_S = 6;
const CLOSED_LOOP_S = 3;
const MAX_P99_MS = 50;
const PACED_COUNT = (WARMUP_S + MEASURED_S) * PACED_PER_SECOND;

/**
 * B4: signed ~5 KB GitHub `issues` deliveries from 200 senders on loopback, each verified, committed
 * to a SQLite file (WAL, synchronous=FULL) and answered 202 by the trigger host, as in service.
 * Judged at one operating point: paced open loop at 1,600/s (above the 1,500/s target), the rate
 * sustained and the p99 from when each delivery was due to its answer. A closed-loop phase after it,
 * not judged, shows the most the host takes and what 200 waiting senders' queue does to latency.
 *
 * The host runs in a child process and the senders (with the GitHub emulator, idle once the hook is
 * registered) in this one: on 2 cores each side gets one, and signing, sending and timing the load
 * take no CPU from the host, nor do the host's pauses delay the timing.
 */
export async function benchWebhookDeliveries(): Promise<BenchResult> {
  const emulator = await createGithubEmulator();
  try {
    const server = await spawnWebhookServer({ account: emulator.account, repository: { ...DEMO_REPO } });
    try {
      return judge(await measure(emulator, server));
    } finally {
      await server.close();
    }
  } finally {
    await emulator.close();
  }
}

/** What B4 saw, before it is judged. */
interface Measured {
  paced: LoadResult;
  closed: LoadResult;
  /** CPU time of the host process (µs) before the paced run, after it, and after the closed loop. */
  serverCpuUs: [number, number, number];
  storedIds: Set<string>;
  bodyBytes: number;
  /** The size of the emulator's own delivery, the template of B4's. */
  githubBodyBytes: number;
  emulatorAnswers: Record<string, number | null>;
}

async function measure(emulator: GithubEmulator, server: WebhookServer): Promise<Measured> {
  const { secret, captured, githubBodyBytes, emulatorAnswers } = await issueOpenedThroughGithub(
    emulator,
    server.hookUrl,
  );
  const deliveryAt = issueOpenedDeliveries(captured, secret);
  // Built and signed before the clock starts, so the paced sender does nothing but send.
  const deliveries = Array.from({ length: PACED_COUNT }, (_, index) => deliveryAt(index));
  const senders = new DeliverySenders(server.hookUrl, SENDERS);
  try {
    const before = await server.cpuUs();
    const paced = await pacedLoad(senders, deliveries, {
      perSecond: PACED_PER_SECOND,
      warmup: WARMUP_S * PACED_PER_SECOND,
    });
    const afterPaced = await server.cpuUs();
    // Signed as sent: how fast the senders go is the host's doing here, not a schedule's.
    const closed = await closedLoopLoad(senders, (index) => deliveryAt(PACED_COUNT + index), {
      durationMs: CLOSED_LOOP_S * 1000,
    });
    return {
      paced,
      closed,
      serverCpuUs: [before, afterPaced, await server.cpuUs()],
      storedIds: new Set(await server.storedIds()),
      bodyBytes: Buffer.byteLength(deliveries[0].body),
      githubBodyBytes,
      emulatorAnswers,
    };
  } finally {
    await senders.close();
  }
}

function judge(measured: Measured): BenchResult {
  const { paced, closed, serverCpuUs } = measured;
  const count = (answers: Record<string, number>) => Object.values(answers).reduce((a, b) => a + b, 0);
  const perSecond = (load: LoadResult) => (load.measuredAcknowledged * 1000) / load.elapsedMs;
  const deliveriesPerSecond = perSecond(paced);
  const closedCount = closed.acknowledgedIds.length + count(closed.otherAnswers);
  const acknowledged = [...paced.acknowledgedIds, ...closed.acknowledgedIds];

  return judged({
    id: 'B4',
    name: `webhook deliveries (signed ${round(measured.bodyBytes / 1024, 1)} KB GitHub issues, ${SENDERS} senders, SQLite synchronous=FULL)`,
    metrics: {
      deliveriesPerSecond: round(deliveriesPerSecond, 0),
      p99AckMs: round(percentile(paced.latenciesMs, 0.99)),
      p50AckMs: round(percentile(paced.latenciesMs, 0.5)),
      maxAckMs: round(percentile(paced.latenciesMs, 1)),
      notAcknowledged: count(paced.otherAnswers) + count(closed.otherAnswers),
      missingFromStore: acknowledged.filter((id) => !measured.storedIds.has(id)).length,
      serverCpuUsPerDelivery: round((serverCpuUs[1] - serverCpuUs[0]) / PACED_COUNT, 0),
      closedLoopDeliveriesPerSecond: round(perSecond(closed), 0),
      closedLoopP50AckMs: round(percentile(closed.latenciesMs, 0.5)),
      closedLoopP99AckMs: round(percentile(closed.latenciesMs, 0.99)),
      closedLoopServerCpuUsPerDelivery: round((serverCpuUs[2] - serverCpuUs[1]) / closedCount, 0),
    },
    targets: [
      {
        metric: 'deliveriesPerSecond',
        min: TARGET_PER_SECOND,
        description: `at least ${TARGET_PER_SECOND} deliveries/s verified, committed and acknowledged`,
      },
      { metric: 'p99AckMs', max: MAX_P99_MS, description: `p99 acknowledgement latency <= ${MAX_P99_MS} ms` },
      {
        metric: 'notAcknowledged',
        max: 0,
        description: 'every delivery answered 202 (committed), warm-up and closed loop included',
      },
      {
        metric: 'missingFromStore',
        max: 0,
        description: 'every delivery answered 202 is in the store afterwards',
      },
    ],
    method: {
      path: 'POST to the binding URL on loopback (node:http with the host’s nodeHandler) → size and JSON checks → X-Hub-Signature-256 verified (@octokit/webhooks-methods) → committed to SQLite (a file in a temp folder, WAL, synchronous=FULL, group commit) → 202',
      binding:
        'github.new_issue on octo-org/hello-world through the GitHub emulator’s demo account, activated by the host (hook registered over the account’s HTTP, GitHub’s ping answered 202), started; its filter skips every event, so each delivery is also read back, matched and recorded skipped after its answer, and no workflow runs',
      deliveries: `the emulator’s own issues.opened delivery for an issue opened through its API (${measured.githubBodyBytes} bytes with a one-line body), its API URL templates (*_url but html_url) left out and the issue body a bug report padded so the JSON is ${measured.bodyBytes} bytes; each copy its own issue number and X-GitHub-Delivery, signed with the secret the hook was registered with`,
      emulatorAnswers: measured.emulatorAnswers,
      senders: `${SENDERS} keep-alive connections (one undici Client each, one request at a time), delivery i on sender i mod ${SENDERS}`,
      paced: `open loop at ${PACED_PER_SECOND}/s for ${WARMUP_S + MEASURED_S} s, the first ${WARMUP_S} s warm-up (connections opened, JIT); latency from each delivery’s due time to its answer read whole, so a send held behind a slow answer counts`,
      deliveriesPerSecond: `measured deliveries answered 202 ÷ (last answer − first measured due time); capped by the ${PACED_PER_SECOND}/s offered: the rate sustained there, not the most the host takes (closedLoopDeliveriesPerSecond)`,
      closedLoop: `then ${CLOSED_LOOP_S} s closed loop: each sender sends again as soon as answered (signing each as it goes); not judged, its latency is the queue of ${SENDERS} waiting senders`,
      serverCpu:
        'CPU time (user + system) of the host process over each phase ÷ the deliveries sent in it: receiver, store and the host’s runs of the skipped deliveries, as far as they kept up (the closed loop leaves a backlog behind it)',
      placement:
        'host in a child process, senders and emulator in the bench process: on 2 cores each side has one, and the load’s timing is not delayed by the host',
      sentPaced: PACED_COUNT,
      sentClosedLoop: closedCount,
      storedDeliveries: measured.storedIds.size,
      otherAnswers: { paced: paced.otherAnswers, closedLoop: closed.otherAnswers },
    },
  });
}

/**
 * The GitHub side of the hook: the secret it was registered with (what GitHub signs with), and
 * the delivery the emulator sends for an issue opened through its API, as the template of B4's.
 * Its answers (the ping, the issue) must have been 202 already.
 */
async function issueOpenedThroughGithub(emulator: GithubEmulator, hookUrl: string) {
  const hooks = emulator.state.hooks.list({
    type: 'Repository',
    repoKey: repoKey(DEMO_REPO.owner, DEMO_REPO.repo),
  });
  const secret = hooks.find((hook) => hook.config.url === hookUrl)?.config.secret;
  if (secret === undefined) throw new Error(`B4: no hook with a secret was registered for ${hookUrl}`);
  const response = await fetch(`${emulator.baseUrl}/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/issues`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${String(emulator.account.credentials.token)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ title: 'Saving a large workflow fails', body: 'Report follows.' }),
  });
  if (response.status !== 201)
    throw new Error(`B4: the emulator did not open the issue (${response.status})`);
  await emulator.webhooksSettled();
  const sent = emulator.deliveries.filter((delivery) => delivery.url === hookUrl);
  const emulatorAnswers = Object.fromEntries(sent.map((delivery) => [delivery.event, delivery.statusCode]));
  if (sent.some((delivery) => delivery.statusCode !== 202))
    throw new Error(`B4: the host refused the emulator's deliveries: ${JSON.stringify(emulatorAnswers)}`);
  const issues = sent.find((delivery) => delivery.event === 'issues' && delivery.action === 'opened');
  if (issues === undefined) throw new Error('B4: the emulator sent no issues.opened delivery');
  const captured: CapturedDelivery = { headers: issues.headers, payload: issues.payload };
  return { secret, captured, githubBodyBytes: Buffer.byteLength(issues.body), emulatorAnswers };
}
