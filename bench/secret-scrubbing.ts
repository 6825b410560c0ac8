import { SecretScrubber, scrubbedCut } from '../packages/engine/src/secrets/index.js';
import { median, round } from './measure.js';
import { type BenchResult, judged } from './result.js';

const SAMPLES = 15;
/** The costs these cases guard against were seconds (or a crash); milliseconds are the target. */
const MAX_MS = 100;

/** A token of `length` base64url characters, different for each `seed`. */
function token(length: number, seed: number): string {
  let text = '';
  for (let index = 0; text.length < length; index++)
    text += Buffer.from(`${seed}:${index}:${'x'.repeat(seed % 7)}`).toString('base64url');
  return text.slice(0, length);
}

function medianMs(work: () => unknown): number {
  work();
  const times: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return round(median(times));
}

/**
 * B7: what the secret scrubber costs on the texts that once made it slow: a 60 KB token (a JWT)
 * against a text with "…", 500 tokens (every OAuth refresh adds one) against a 1.2 MB text, a cut
 * at a secret, and a megabyte of "…". Medians of 15 runs after one warm-up.
 */
export async function benchSecretScrubbing(): Promise<BenchResult> {
  const longToken = new SecretScrubber();
  longToken.add(token(60_000, 1));
  const many = new SecretScrubber();
  const secrets = Array.from({ length: 500 }, (_, seed) => `ghp_${token(36, seed)}`);
  for (const secret of secrets) many.add(secret);
  const large = `${secrets[0]} ${'lorem ipsum '.repeat(100_000)} ${secrets[499]}`;
  const ellipses = '…'.repeat(1024 * 1024);

  const metrics = {
    longTokenEllipsisMs: medianMs(() => longToken.scrub('Loading…')),
    manySecretsLargeTextMs: medianMs(() => many.scrub(large)),
    manySecretsCutMs: medianMs(() => scrubbedCut(many, `said: ${secrets[250]?.slice(0, 20)} and more`, 26)),
    megabyteOfEllipsesMs: medianMs(() => longToken.scrub(ellipses)),
  };
  return judged({
    id: 'B7',
    name: 'secret scrubbing (a 60 KB token, 500 tokens over 1.2 MB, a megabyte of "…")',
    metrics,
    targets: Object.keys(metrics).map((metric) => ({
      metric,
      max: MAX_MS,
      description: `${metric} <= ${MAX_MS} ms`,
    })),
    method: { samples: SAMPLES, statistic: 'median after one warm-up run', inProcess: true },
  });
}
