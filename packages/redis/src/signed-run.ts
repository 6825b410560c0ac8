import { createHmac, timingSafeEqual } from 'node:crypto';
import type { QueueKeyBytes } from './queue-key.js';
import type { QueuedRun } from './queued-run.js';

/**
 * A job as a RunQueue adds it: the run as JSON text, and an HMAC over that very text. What is signed
 * is exactly what the worker parses and uses, so no field can be added, changed or reordered unseen.
 */
export interface SignedRunJob {
  toolstepsRun: 1;
  /** The id of the key that signed it: a worker holding another key can say so. Not a secret. */
  keyId: string;
  /** The QueuedRun, as JSON. */
  run: string;
  /** HMAC-SHA256 (base64url) of the format, the queue's name and `run`. */
  mac: string;
}

export type VerifiedRun = { ok: true; run: QueuedRun } | { ok: false; reason: string };

/** Job ids are chosen by whoever adds the job: a log shows this much of one. */
const JOB_ID_SHOWN = 100;

/** Signs `run` for the queue named `queue`: the same job added to another queue does not verify. */
export function signRun(run: QueuedRun, queue: string, key: QueueKeyBytes): SignedRunJob {
  const text = JSON.stringify(run);
  return { toolstepsRun: 1, keyId: key.id, run: text, mac: mac(key, queue, text).toString('base64url') };
}

/**
 * The run a job carries, once its signature holds and it names the job's own id as its run id (a
 * signed run re-added under another job id would otherwise run twice). Otherwise why it is refused,
 * in words that show nothing the job holds but its id.
 */
export function verifyRunJob(
  data: unknown,
  jobId: string | undefined,
  queue: string,
  key: QueueKeyBytes,
): VerifiedRun {
  if (!isSignedRunJob(data))
    return refused(jobId, 'it carries no signature: no RunQueue holding the queue key added it');
  const given = Buffer.from(data.mac, 'base64url');
  const expected = mac(key, queue, data.run);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    const otherKey = /^[0-9a-f]{8}$/.test(data.keyId) && data.keyId !== key.id;
    return refused(
      jobId,
      otherKey
        ? `it was signed with another queue key (key id ${data.keyId}; this worker's is ${key.id})`
        : `its signature does not match: it was changed after it was signed, signed for another queue, or with another key`,
    );
  }
  let run: unknown;
  try {
    run = JSON.parse(data.run);
  } catch {
    return refused(jobId, 'its signed run is not JSON');
  }
  if (!isQueuedRun(run))
    return refused(
      jobId,
      'its signed run lacks a run id, a workflow or a progress flag, or names a user that is not a name',
    );
  if (run.runId !== jobId)
    return refused(jobId, `it was signed for run ${shownJobId(run.runId)}, not for a job of this id`);
  return { ok: true, run };
}

function mac(key: QueueKeyBytes, queue: string, text: string): Buffer {
  // The queue's name as JSON: it holds no newline, so where it ends and the run begins is unambiguous.
  return createHmac('sha256', key.bytes)
    .update(`toolsteps-run:1\n${JSON.stringify(queue)}\n`)
    .update(text)
    .digest();
}

function refused(jobId: string | undefined, why: string): VerifiedRun {
  return {
    ok: false,
    reason: `Job ${shownJobId(jobId ?? '?')} refused, nothing of it ran: ${why}. Workers run only jobs signed with the queue key (TOOLSTEPS_QUEUE_KEY)`,
  };
}

/** A job id as a log shows it: cut, since whoever adds a job chooses it, of any length. */
export function shownJobId(id: string): string {
  return id.length > JOB_ID_SHOWN ? `${id.slice(0, JOB_ID_SHOWN)}…` : id;
}

function isSignedRunJob(data: unknown): data is SignedRunJob {
  if (typeof data !== 'object' || data === null) return false;
  const job = data as Record<string, unknown>;
  return (
    job.toolstepsRun === 1 &&
    typeof job.keyId === 'string' &&
    typeof job.run === 'string' &&
    typeof job.mac === 'string'
  );
}

function isQueuedRun(run: unknown): run is QueuedRun {
  if (typeof run !== 'object' || run === null) return false;
  const candidate = run as Record<string, unknown>;
  return (
    typeof candidate.runId === 'string' &&
    candidate.runId !== '' &&
    'definition' in candidate &&
    typeof candidate.progress === 'boolean' &&
    (candidate.workflowFile === undefined || typeof candidate.workflowFile === 'string') &&
    (candidate.user === undefined || (typeof candidate.user === 'string' && candidate.user !== ''))
  );
}
