import {
  type Activation,
  BodyBudget,
  type CompiledBinding,
  createTriggerHost,
  DeliverySpool,
  MemoryTriggerStore,
  type TriggerHost,
  type TriggerStore,
} from '@toolsteps/engine';
import { toStepError } from '@toolsteps/sdk';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { printable } from '../printable.js';
import { loadBindingsEngine } from '../triggers/bindings-engine.js';
import { type BodyLimits, parseBodyLimits } from '../triggers/body-limits.js';
import { hostEventLine } from '../triggers/host-event-line.js';
import { openHostRuns } from '../triggers/host-runs.js';
import type { HostRuns, HostRunsOptions } from '../triggers/host-runs-options.js';
import { listen, parsePort } from '../triggers/listen.js';
import { openTriggerStore } from '../triggers/open-trigger-store.js';
import { parsePublicUrl } from '../triggers/public-url.js';
import { parseServeUpkeep, type ServeUpkeep } from '../triggers/serve-upkeep.js';
import { untilInterrupted } from '../until-interrupted.js';
import { DEFAULT_SERVE_PORT } from './serve-port.js';
import { reportInvalid } from './validate.js';

export interface ServeOptions extends HostRunsOptions {
  accounts?: string;
  store?: string;
  publicUrl?: string;
  port?: string;
  host?: string;
  json?: boolean;
  maxBodyBytes?: string;
  maxBufferedBytes?: string;
  keep?: string;
  reconcileEvery?: string;
}

/** What activating one binding at start came to. */
type Started =
  | { binding: CompiledBinding; activation: Activation }
  | { binding: CompiledBinding; error: Error };

/**
 * `toolsteps serve <bindings…>`: activates every binding (reconciling those already active, and
 * again every --reconcile-every), receives their deliveries (into a spool beside the store while the
 * store fails), runs their workflows, deletes finished deliveries older than --keep, until Ctrl-C.
 * Stopping deactivates nothing: the
 * hooks stay, and what arrives while nothing listens is up to the third party's redelivery.
 * Without --accounts it runs on emulators, with a store in memory unless --store is given.
 * Runs are journaled as `run` journals them, each event's run under an id of its own delivery, so a
 * run a crash cut off is resumed when serve starts again; with --redis, workers run them.
 */
export async function serveCommand(paths: string[], options: ServeOptions, cli: CliContext): Promise<number> {
  const json = options.json ?? false;
  const port = parsePort(options.port ?? String(DEFAULT_SERVE_PORT));
  const givenUrl = options.publicUrl === undefined ? undefined : parsePublicUrl(options.publicUrl);
  const limits = parseBodyLimits(options);
  const upkeep = parseServeUpkeep(options);
  if (options.redis !== undefined && options.accounts === undefined) {
    throw new UsageError(
      'serve --redis needs --accounts <file>: workers run the workflows with their own accounts, and emulators started here would be out of their reach',
    );
  }
  const runs = await openHostRuns(options, cli, 'serve');
  try {
    return await serveWith(paths, options, runs, { json, port, givenUrl, limits, upkeep });
  } finally {
    await runs.close();
  }
}

async function serveWith(
  paths: string[],
  options: ServeOptions,
  runs: HostRuns,
  {
    json,
    port,
    givenUrl,
    limits,
    upkeep,
  }: {
    json: boolean;
    port: number;
    givenUrl: string | undefined;
    limits: BodyLimits;
    upkeep: ServeUpkeep;
  },
): Promise<number> {
  const { cli } = runs;
  const loaded = await loadBindingsEngine(paths, options.accounts, cli);
  if (!loaded.ok) return reportInvalid(loaded.reports, json, cli);
  const { engine, bindings, emulators, close: closeEmulators } = loaded.value;
  const closing: Array<() => Promise<void>> = [closeEmulators];
  try {
    const { store, spool } = storeFor(options, emulators !== undefined, cli);
    closing.unshift(() => store.close());
    const server = await listen(port, options.host ?? '127.0.0.1');
    closing.unshift(() => server.close());
    const publicUrl = givenUrl ?? `http://${urlHost(options.host ?? '127.0.0.1')}:${server.port}`;
    if (givenUrl === undefined && emulators === undefined)
      cli.output.note(
        `toolsteps: warning: no --public-url: hooks are registered to ${publicUrl}, which a third party on the internet cannot reach`,
      );
    const colors = cli.output.colors();
    const host = await createTriggerHost({
      engine,
      bindings,
      store,
      publicUrl,
      maxBodyBytes: limits.maxBodyBytes,
      bodyBudget: new BodyBudget(limits.maxBufferedBytes),
      keepDeliveriesMs: upkeep.keepMs,
      reconcileEveryMs: upkeep.reconcileEveryMs,
      spool,
      launcher: runs.launcher,
      onEvent: (event) => (json ? cli.output.jsonLine(event) : cli.output.line(hostEventLine(event, colors))),
    });
    server.handle(host.nodeHandler);
    const started = await activateAll(host, bindings);
    closing.unshift(() => host.stop());
    await host.start();
    // Listening for Ctrl-C before saying "ready": whoever reacts to that line may stop us at once.
    const interrupted = untilInterrupted();
    report(started, host, { publicUrl, port: server.port, emulators, queue: runs.queue }, json, cli);
    if (!started.some((item) => 'activation' in item)) return EXIT.failed;
    await interrupted;
    if (!json)
      cli.output.note(
        `Stopping: ${options.redis === undefined ? 'runs in progress finish' : 'runs stay with the workers; deliveries waiting for them are taken again at the next start'}; hooks stay registered (\`toolsteps trigger deactivate <binding>\` removes one)`,
      );
    return EXIT.ok;
  } finally {
    for (const close of closing) await close();
  }
}

/**
 * The store serve keeps: SQLite (given or default path) on real accounts, with a spool beside it
 * (`<store>.spool`) for deliveries it cannot take; in memory on emulators, which forget too.
 */
function storeFor(
  options: ServeOptions,
  emulated: boolean,
  cli: CliContext,
): { store: TriggerStore; spool?: DeliverySpool } {
  if (emulated && options.store === undefined) return { store: new MemoryTriggerStore() };
  const opened = openTriggerStore(options.store, { create: true });
  if (!opened.sealed)
    cli.output.note(
      `toolsteps: warning: TOOLSTEPS_VAULT_KEY is not set: webhook secrets in ${opened.path} are kept unencrypted (the file is readable by you only)`,
    );
  const folder = `${opened.path}.spool`;
  try {
    return { store: opened.store, spool: DeliverySpool.open(folder) };
  } catch (error) {
    cli.output.note(
      `toolsteps: warning: no spool at ${folder} (${(error as Error).message}): a delivery the store cannot keep is answered 503`,
    );
    return { store: opened.store };
  }
}

/** Each binding activated in turn; one refused (no permission, a network fault) does not stop the others. */
async function activateAll(host: TriggerHost, bindings: CompiledBinding[]): Promise<Started[]> {
  const started: Started[] = [];
  for (const binding of bindings) {
    try {
      started.push({ binding, activation: await host.activate(binding) });
    } catch (error) {
      started.push({ binding, error: toStepError(error) });
    }
  }
  return started;
}

function report(
  started: Started[],
  host: TriggerHost,
  where: {
    publicUrl: string;
    port: number;
    emulators?: Array<{ integration: string; baseUrl: string }>;
    queue?: { redis: string; name: string };
  },
  json: boolean,
  cli: CliContext,
): void {
  const active = started.filter((item) => 'activation' in item).length;
  if (json) {
    cli.output.jsonLine({
      type: 'serve.ready',
      port: where.port,
      publicUrl: where.publicUrl,
      ...(where.emulators === undefined ? {} : { emulators: where.emulators }),
      ...(where.queue === undefined ? {} : { queue: where.queue }),
      bindings: started.map((item) => ({
        id: item.binding.id,
        trigger: item.binding.trigger.id,
        workflow: item.binding.workflow.id,
        url: host.urlOf(item.binding.id),
        ...('activation' in item
          ? { registration: item.activation.registration ?? null }
          : { error: toStepError(item.error).toJSON() }),
      })),
    });
    return;
  }
  const c = cli.output.colors();
  for (const item of started) {
    // Ids come from the binding and workflow files: one line each.
    const what = `${c.bold(printable(item.binding.id))}: ${item.binding.trigger.id} → ${printable(item.binding.workflow.id)}`;
    if ('error' in item) {
      cli.output.error(c.red(`✗ ${what}: not activated: ${printable(item.error.message)}`));
      continue;
    }
    const how =
      item.binding.trigger.delivery === 'poll'
        ? `polled every ${Math.round((item.binding.intervalMs ?? 0) / 1000)} s`
        : `deliveries to ${printable(host.urlOf(item.binding.id))}`;
    cli.output.line(`${c.green('✓')} ${what} (${how})`);
  }
  if (where.queue !== undefined)
    cli.output.line(
      `Runs are queued on ${where.queue.redis} (queue ${where.queue.name}): \`toolsteps worker\`s run them`,
    );
  cli.output.line(
    `Serving ${active} of ${started.length} binding${started.length === 1 ? '' : 's'} on port ${where.port} (public URL ${where.publicUrl}); Ctrl-C stops`,
  );
}

/** A listening address as a URL host: all interfaces are reached on loopback here; IPv6 in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
