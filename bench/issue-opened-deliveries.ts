import { createHmac, randomUUID } from 'node:crypto';

/** The size B4's issue names for a delivery: about 5 KB of JSON. */
export const DELIVERY_BYTES = 5 * 1024;

/** A delivery GitHub (here its emulator) sent: its headers and the payload it carried. */
export interface CapturedDelivery {
  headers: Record<string, string>;
  payload: Record<string, unknown>;
}

/** One delivery ready to POST: a fresh `X-GitHub-Delivery` id and the signature of its exact body. */
export interface SignedDelivery {
  id: string;
  headers: Record<string, string>;
  body: string;
}

/** Fixed-width numbers, so every body has the same size whichever delivery it is. */
const FIRST_NUMBER = 100_000;
const FIRST_ID = 3_000_000_000;

/** The first lines of a bug report, as people paste them into an issue; log lines fill the rest. */
const REPORT_HEAD = [
  '### What happened',
  'Saving a workflow with more than 200 steps fails after a few seconds, and the editor shows "write failed".',
  '',
  '### Steps to reproduce',
  '1. Open a workflow with 250 steps',
  '2. Change the title of any step',
  '3. Press Save',
  '',
  '### Logs',
  '```',
];

/**
 * The deliveries of B4: GitHub's `issues` opened payload as the emulator sent it, each its own issue
 * (number, id) and delivery id, signed with the hook's secret as GitHub signs (`sha256=` HMAC of the
 * raw body). GitHub's own is about 8.8 KB with a one-line issue body, over half of it the
 * repository's API URL templates: to send the DELIVERY_BYTES the benchmark names, those are left
 * out (nothing the trigger or a filter reads is among them) and the issue body is a long bug report.
 */
export function issueOpenedDeliveries(
  captured: CapturedDelivery,
  secret: string,
): (index: number) => SignedDelivery {
  const payload = withoutApiUrls(captured.payload) as { issue: Record<string, unknown> };
  const { issue } = payload;
  const numbered = (index: number) => {
    issue.number = FIRST_NUMBER + index;
    issue.id = FIRST_ID + index;
    issue.title = `Saving a large workflow fails with "write failed" (report ${FIRST_NUMBER + index})`;
  };
  numbered(0);
  issue.body = '';
  issue.body = reportOfJsonBytes(DELIVERY_BYTES - Buffer.byteLength(JSON.stringify(payload)));
  return (index) => {
    numbered(index);
    const body = JSON.stringify(payload);
    const id = randomUUID();
    const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    return {
      id,
      body,
      headers: { ...captured.headers, 'x-github-delivery': id, 'x-hub-signature-256': signature },
    };
  };
}

/** A copy without GitHub's hypermedia links (`*_url`), the page a person opens (`html_url`) kept. */
function withoutApiUrls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutApiUrls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.endsWith('_url') || key === 'html_url')
      .map(([key, field]) => [key, withoutApiUrls(field)]),
  );
}

/** A bug report whose JSON string (escapes counted, quotes not) is `bytes` long. */
function reportOfJsonBytes(bytes: number): string {
  const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text)) - 2;
  const lines = [...REPORT_HEAD];
  for (let line = 0; ; line++) {
    const next = `2026-03-14T09:21:${String(line % 60).padStart(2, '0')}.${String(line).padStart(3, '0')}Z ERROR [store] write failed: EIO, retrying (attempt ${line + 1})`;
    // Newlines count 2 bytes escaped; the closing fence must still fit.
    if (jsonBytes([...lines, next, '```'].join('\n')) > bytes) break;
    lines.push(next);
  }
  const text = [...lines, '```'].join('\n');
  // The last few bytes: trailing spaces on the last log line, so the size is exact.
  const missing = Math.max(0, bytes - jsonBytes(text));
  return [...lines.slice(0, -1), `${lines.at(-1)}${' '.repeat(missing)}`, '```'].join('\n');
}
