// `pnpm demo`'s trigger part, all offline: `toolsteps serve` on the GitHub emulator, two issues
// opened there (one labelled bug), and the triage workflow run from the bug's signed delivery only.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The emulator's seeded demo token (octocat's): valid against the emulator only. */
const DEMO_TOKEN = 'demo-octocat-token-0001';
const REPO = 'octo-org/hello-world';
const TIME_LIMIT_MS = 120_000;

const serve = spawn(
  process.execPath,
  ['packages/cli/bin/toolsteps.js', 'serve', 'examples/triggers', '--port', '0'],
  { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
);
let seen = '';
const show = (chunk: Buffer) => {
  const text = chunk.toString('utf8');
  seen += text;
  for (const line of text.split('\n').filter(Boolean)) console.log(`  serve │ ${line}`);
};
serve.stdout.on('data', show);
serve.stderr.on('data', show);
const ended = new Promise<number | null>((resolve) => serve.once('close', resolve));

/** Resolves with the first match of `pattern` in serve's output; fails if serve ends or time runs out. */
async function waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + TIME_LIMIT_MS;
  for (;;) {
    const match = seen.match(pattern);
    if (match) return match;
    if (serve.exitCode !== null) throw new Error(`toolsteps serve ended before showing ${pattern}`);
    if (Date.now() > deadline) throw new Error(`toolsteps serve did not show ${pattern} in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

try {
  console.log('Trigger demo: `toolsteps serve examples/triggers` on the GitHub emulator');
  const [, github] = await waitFor(/github at (http:\/\/127\.0\.0\.1:\d+)/);
  await waitFor(/Serving 1 of 1 binding/);
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${github}${path}`, {
      method,
      headers: { authorization: `Bearer ${DEMO_TOKEN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
    return response.json() as Promise<Record<string, unknown>>;
  };

  console.log(`Opening two issues on ${REPO}: a question, and a bug (labelled bug)`);
  await api('POST', `/repos/${REPO}/issues`, { title: 'How do I export a report?' });
  const bug = await api('POST', `/repos/${REPO}/issues`, { title: 'Crash on save', labels: ['bug'] });
  await waitFor(/delivery \S+ skipped/);
  await waitFor(/run \S+ (succeeded|failed)/);
  await waitFor(/delivery \S+ (succeeded|failed)/);

  const issue = await api('GET', `/repos/${REPO}/issues/${bug.number}`);
  const comments = (await api('GET', `/repos/${REPO}/issues/${bug.number}/comments`)) as unknown as Array<{
    body: string;
  }>;
  console.log(`Issue #${bug.number} "${issue.title}" after the run:`);
  console.log(
    `  labels:    ${(issue.labels as Array<{ name: string }>).map((label) => label.name).join(', ')}`,
  );
  console.log(
    `  assignees: ${(issue.assignees as Array<{ login: string }>).map((user) => user.login).join(', ')}`,
  );
  console.log(`  comment:   ${comments.at(-1)?.body}`);
  if (!/run \S+ succeeded/.test(seen)) process.exitCode = 1;
} catch (error) {
  console.error(`Trigger demo failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  serve.kill('SIGINT');
  await ended;
}
