import { createEmulator, type Emulator } from '@toolsteps/emulator';
import {
  type ConnectedAccount,
  createEngine,
  defineIntegration,
  defineStep,
  type RunOptions,
  Type,
} from '../../../../src/index.js';
import { FakeClock } from '../../../../src/testing/fake-clock.js';

const Issue = Type.Object({ id: Type.Integer() });

/** Creates an issue: the kind of write a retry must never repeat on a guess. */
const createIssue = defineStep({
  id: 'tracker.create_issue',
  title: 'Create issue',
  description: 'Creates an issue.',
  effect: 'write',
  input: Type.Object({ title: Type.String() }),
  output: Issue,
  run: async ({ title }, ctx) =>
    (await ctx.http.request({ method: 'POST', path: 'issues', json: { title } })).body as { id: number },
});

/** Creates an issue under an idempotency key the API honours: running it twice creates one issue. */
const createIssueOnce = defineStep({
  id: 'tracker.create_issue_once',
  title: 'Create issue once',
  description: 'Creates an issue under an idempotency key.',
  effect: 'write',
  idempotent: true,
  input: Type.Object({ title: Type.String(), key: Type.String() }),
  output: Issue,
  run: async ({ title, key }, ctx) => {
    const headers = { 'idempotency-key': key };
    return (await ctx.http.request({ method: 'POST', path: 'issues', json: { title }, headers })).body as {
      id: number;
    };
  },
});

/** Creates an issue, then labels it: a failure of the second write comes after the first was done. */
const createLabelledIssue = defineStep({
  id: 'tracker.create_labelled_issue',
  title: 'Create labelled issue',
  description: 'Creates an issue and labels it.',
  effect: 'write',
  input: Type.Object({ title: Type.String(), label: Type.String() }),
  output: Issue,
  run: async ({ title, label }, ctx) => {
    const { body } = await ctx.http.request<{ id: number }>({
      method: 'POST',
      path: 'issues',
      json: { title },
    });
    await ctx.http.request({ method: 'POST', path: `issues/${body.id}/labels`, json: { label } });
    return body;
  },
});

/** Creates an issue and reads its project at once: the read may fail while the write is in flight. */
const fileInProject = defineStep({
  id: 'tracker.file_in_project',
  title: 'File in project',
  description: 'Creates an issue and reads its project.',
  effect: 'write',
  input: Type.Object({ title: Type.String(), project: Type.String() }),
  output: Issue,
  run: async ({ title, project }, ctx) => {
    const [created] = await Promise.all([
      ctx.http.request<{ id: number }>({ method: 'POST', path: 'issues', json: { title } }),
      ctx.http.get(`projects/${project}`),
    ]);
    return created.body;
  },
});

/**
 * Makes sure of a label and, at once, files an issue once its board was read: when the label write
 * is refused, the issue write of that attempt has not left yet and must never leave.
 */
const fileLabelled = defineStep({
  id: 'tracker.file_labelled',
  title: 'File labelled',
  description: 'Ensures a label and files an issue on a board, at once.',
  effect: 'write',
  input: Type.Object({ title: Type.String(), board: Type.String() }),
  output: Issue,
  run: async ({ title, board }, ctx) => {
    const [, created] = await Promise.all([
      ctx.http.request({ method: 'POST', path: 'labels', json: { name: 'bug' } }),
      ctx.http
        .get(`boards/${board}`)
        .then(() => ctx.http.request<{ id: number }>({ method: 'POST', path: 'issues', json: { title } })),
    ]);
    return created.body;
  },
});

export const tracker = defineIntegration({
  id: 'tracker',
  title: 'Tracker',
  status: 'beta',
  connection: Type.Object({ baseUrl: Type.String() }),
  auth: { kind: 'token' },
  // One HTTP attempt per request unless the account says otherwise: the step's retry policy is what
  // these tests watch.
  http: (account) => ({
    baseUrl: String(account.settings.baseUrl),
    timeoutMs: Number(account.settings.timeoutMs ?? 30_000),
    maxAttempts: Number(account.settings.maxAttempts ?? 1),
  }),
  steps: [createIssue, createIssueOnce, createLabelledIssue, fileInProject, fileLabelled],
});

export const TOKEN = 'trk_live_0c9d8e7f6a';

export function trackerAccount(baseUrl: string, settings: Record<string, unknown> = {}): ConnectedAccount {
  return {
    id: 'tracker-main',
    integration: 'tracker',
    name: 'Main',
    settings: { baseUrl, ...settings },
    credentials: { token: TOKEN },
  };
}

/**
 * The tracker's API: `POST /issues` creates an issue before it answers (so an answer that never
 * comes does not mean nothing was done), and can hold its next answers until released.
 */
export class TrackerApi {
  readonly issues: Array<{ title: string; key?: string }> = [];
  #held = 0;
  readonly #waiting: Array<() => void> = [];
  readonly #arrivals: Array<() => void> = [];

  /** Board reads wait on this while reads are held. */
  #readGate: Promise<void> = Promise.resolve();
  #openReads: () => void = () => undefined;

  private constructor(readonly emulator: Emulator) {}

  /** Board reads are answered only on `releaseReads()`. */
  holdReads(): void {
    this.#readGate = new Promise((open) => {
      this.#openReads = open;
    });
  }

  releaseReads(): void {
    this.#openReads();
    this.#readGate = Promise.resolve();
  }

  static async start(): Promise<TrackerApi> {
    let api: TrackerApi | undefined;
    const emulator = await createEmulator({
      routes: (app) => {
        app.post('/issues', async (c) => {
          const { title } = await c.req.json<{ title: string }>();
          const key = c.req.header('idempotency-key');
          const known = key === undefined ? -1 : api!.issues.findIndex((issue) => issue.key === key);
          const id = known >= 0 ? known + 1 : api!.issues.push({ title, key });
          await api!.#arrived();
          return c.json({ id }, 201);
        });
        app.post('/issues/:id/labels', (c) => c.json({ ok: true }));
        app.post('/labels', (c) => c.json({ ok: true }, 201));
        app.get('/boards/:id', async (c) => {
          await api!.#readGate;
          return c.json({ id: c.req.param('id') });
        });
      },
    });
    api = new TrackerApi(emulator);
    return api;
  }

  /** The next `count` issue creations are done at once, but answered only on `release()`. */
  holdAnswers(count: number): void {
    this.#held = count;
  }

  /** Resolves once the next issue creation has reached the API. */
  nextArrival(): Promise<void> {
    return new Promise((arrived) => this.#arrivals.push(arrived));
  }

  release(): void {
    this.#held = 0;
    for (const answer of this.#waiting.splice(0)) answer();
  }

  reset(): void {
    this.release();
    this.releaseReads();
    this.issues.length = 0;
    this.#arrivals.length = 0;
    this.emulator.reset();
  }

  async #arrived(): Promise<void> {
    for (const arrived of this.#arrivals.splice(0)) arrived();
    if (this.#held === 0) return;
    this.#held -= 1;
    await new Promise<void>((answer) => this.#waiting.push(answer));
  }
}

/** Runs a workflow against the tracker with a fake clock: retry waits are recorded, never waited. */
export async function runTracker(workflow: object, account: ConnectedAccount, options: RunOptions = {}) {
  const clock = new FakeClock();
  const engine = await createEngine({ integrations: [tracker], accounts: [account], clock });
  const result = await engine.run({ text: JSON.stringify(workflow) }, {}, options);
  return { result, clock };
}
