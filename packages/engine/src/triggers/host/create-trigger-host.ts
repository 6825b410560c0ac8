import { type Logger, StepError } from '@toolsteps/sdk';
import type { Engine } from '../../container/create-engine.js';
import type { Clock } from '../../ports/clock.js';
import type { CredentialVault } from '../../ports/credential-vault.js';
import type { Entitlements } from '../../ports/entitlements.js';
import type { HttpClientFactory, SecretScrubber } from '../../ports/services.js';
import { TOKENS } from '../../ports/tokens.js';
import type {
  Activation,
  DeliveryQuery,
  DeliveryStatus,
  StoredDelivery,
  TriggerStore,
} from '../../ports/trigger-store.js';
import type { AnyCompiledBinding } from '../compiled-binding.js';
import { type BindingSource, loadBindingOrThrow } from '../load-binding.js';
import { BodyBudget, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BUFFERED_BYTES } from '../receiver/body-budget.js';
import { trimSlashes } from '../receiver/hook-route.js';
import { type NodeHookHandler, nodeHookHandler } from '../receiver/node-hook-handler.js';
import { deliveryReceiver } from '../receiver/receive-delivery.js';
import { type WebHookHandler, webHookHandler } from '../receiver/web-hook-handler.js';
import type { DeliverySpool } from '../store/delivery-spool.js';
import { storableHeaders } from '../store/storable-headers.js';
import { type HandlerEntry, handlerEntries, type TriggerHandlers } from '../trigger-handler.js';
import {
  activateBinding,
  deactivateBinding,
  type ReceiverTargets,
  reconcileBinding,
} from './binding-activation.js';
import { BindingTurns } from './binding-turns.js';
import { DeliveryKeeper } from './delivery-keeper.js';
import { type DeliveryKey, DeliveryQueue } from './delivery-queue.js';
import type { HostParts } from './host-parts.js';
import { durationOption, type Interval, onAnInterval } from './on-an-interval.js';
import type { PollReport } from './poll-binding.js';
import { PollScheduler } from './poll-scheduler.js';
import { PRUNE_EVERY_MS, pruneServedDeliveries } from './prune-served-deliveries.js';
import { DEFAULT_RECONCILE_EVERY_MS, ReconcileSchedule } from './reconcile-schedule.js';
import { RejectionSummary } from './rejection-summary.js';
import { RemovedBindingDeliveries } from './removed-binding-deliveries.js';
import { runDelivery } from './run-delivery.js';
import { engineRunLauncher, type RunLauncher } from './run-launcher.js';
import { scrubbedFailure, scrubbingFailures } from './scrubbed-failure.js';
import type { TriggerHostEvent, TriggerHostListener } from './trigger-host-events.js';

export interface TriggerHostOptions {
  engine: Engine;
  /**
   * Compiled bindings, or binding files (and texts) loaded against the engine's catalog and vault
   * (and `handlers`). More can be added, and these removed, while the host runs (`addBinding`).
   */
  bindings: ReadonlyArray<AnyCompiledBinding | BindingSource>;
  /**
   * Functions bindings may hand their events to instead of running a workflow (`"handler": "name"`
   * in a binding file), by name: each is called with the event's mapped input, once per event that
   * passes the filter, as a workflow would be run. A binding naming one not given here is refused.
   */
  handlers?: TriggerHandlers;
  /** Default: the engine's (`TOKENS.TriggerStore`). The host never closes it. */
  store?: TriggerStore;
  /** Where the third party reaches this host, e.g. `https://hooks.example.com/toolsteps`. */
  publicUrl: string;
  /** The path the handlers answer under; default the path of `publicUrl` (behind a proxy they may differ). */
  basePath?: string;
  /** Larger bodies are refused (413) and not read further; default 25 MiB, GitHub's cap. */
  maxBodyBytes?: number;
  /**
   * The bytes of bodies held at once across every request being read (past it: 503 with
   * `Retry-After`, nothing more read); give several hosts one budget to share it. Default a budget
   * of 64 MiB (or one `maxBodyBytes`, if larger) for this host. It must hold one body of `maxBodyBytes`.
   */
  bodyBudget?: BodyBudget;
  /** Deliveries run at once; default 4. */
  concurrency?: number;
  /** Deliveries held in memory to run; more wait, committed, in the store. Default 1,000. */
  maxQueued?: number;
  /**
   * How each event's workflow is run. Default: on `engine`, in this process (`engineRunLauncher`),
   * resumed from the engine's journal when a delivery is taken again; `QueueRunLauncher` (of
   * `@toolsteps/engine/queue`) has workers run them instead. Either way a delivery's run has the same
   * id each time it is taken (`deliveryRunId`), so a run cut off by a crash is resumed, not repeated.
   */
  launcher?: RunLauncher;
  /**
   * How often, in ms on the engine's clock, a started host inspects its active webhook bindings'
   * registrations and repairs those deleted or edited at the third party (as `reconcile`); a
   * delivery refused for its signature brings its binding's forward (at most once a minute).
   * Default 5 minutes; 0 never.
   */
  reconcileEveryMs?: number;
  /**
   * How long, in ms, finished deliveries (succeeded, skipped, failed) of its bindings are kept: older
   * ones are deleted at start and every hour. Default: kept until `pruneDeliveries`.
   */
  keepDeliveriesMs?: number;
  /**
   * Where verified deliveries go while the store fails, to be acknowledged all the same and moved
   * into the store once it works (`DeliverySpool`). Without one such a delivery is answered 503.
   */
  spool?: DeliverySpool;
  onEvent?: TriggerHostListener;
}

export interface ReconcileReport {
  bindingId: string;
  found: 'ok' | 'missing' | 'changed';
}

/** Receives, keeps and runs a set of bindings' events, and activates them at their third parties. */
export interface TriggerHost {
  /** The bindings served now: those it was created with and those added, less those removed. */
  readonly bindings: readonly AnyCompiledBinding[];
  readonly store: TriggerStore;
  /** The URL the binding's deliveries are registered to. */
  urlOf(bindingId: string): string;
  /** The receiver for a fetch-style server: `POST <basePath>/hooks/<bindingId>`. */
  readonly handle: WebHookHandler;
  /** The receiver for Node's `http` (or as Express/Connect middleware, with `next`). */
  readonly nodeHandler: NodeHookHandler;
  /**
   * Starts running: deliveries committed but not finished (a crash after acknowledging them) are
   * run again, then every new one; active poll bindings are polled. Deliveries are received and
   * committed before `start` too, they only wait.
   */
  start(): Promise<void>;
  /**
   * Stops polling and taking deliveries to run. Runs in progress are interrupted: one here is
   * cancelled as Ctrl-C cancels a run (when the journal can resume it; otherwise it finishes), one
   * on workers is no longer awaited. Their deliveries stay unfinished: the next start takes them
   * again and their runs go on under the same ids. The receiver still commits.
   */
  stop(): Promise<void>;
  /** Resolves once no delivery waits or runs. */
  idle(): Promise<void>;
  activate(binding: AnyCompiledBinding | string): Promise<Activation>;
  deactivate(binding: AnyCompiledBinding | string): Promise<void>;
  /**
   * Serves one more binding (compiled, or a file or text loaded as `bindings` are) and activates it,
   * as `activate` does: its hook registered, or its polls begun once the host is started. Deliveries
   * kept for it before (by an earlier process) run once the host is started. Nothing of the other
   * bindings changes. A binding whose id is served already, or that fails to load or to activate, is
   * refused, and the host serves what it served before.
   */
  addBinding(binding: AnyCompiledBinding | BindingSource): Promise<Activation>;
  /**
   * Stops serving a binding and deactivates it (its hook removed at the third party, its polls
   * stopped): requests to its URL are refused from then on. A delivery of it running ends first, as
   * it would have; those kept and not run are finished `skipped`, saying so (`replay` runs one once
   * the binding is added again). Nothing of the other bindings changes. When the deactivation fails
   * (the third party is down), it throws and the binding stays served.
   */
  removeBinding(binding: AnyCompiledBinding | string): Promise<void>;
  /** Inspects every active webhook binding's registration and repairs those missing or changed. */
  reconcile(): Promise<ReconcileReport[]>;
  /** Polls a poll binding now (after any poll of it in progress). */
  poll(binding: AnyCompiledBinding | string): Promise<PollReport>;
  /**
   * Runs a failed (or skipped) delivery again; its events that already succeeded are not run again.
   * Started, the host queues it; not started, it runs it before resolving (with its outcome).
   */
  replay(deliveryId: string, bindingId?: string): Promise<StoredDelivery>;
  deliveries(query?: DeliveryQuery): Promise<StoredDelivery[]>;
}

/**
 * Assembles a trigger host over an engine. What it guarantees: a delivery is verified before
 * anything is kept, kept durably before it is acknowledged, kept once per delivery id and once per
 * signature (a redelivery, or a signed request resent under a new id, runs nothing), and run after a
 * crash that followed its acknowledgement. The bodies it reads at once are bounded (`bodyBudget`).
 */
export async function createTriggerHost(options: TriggerHostOptions): Promise<TriggerHost> {
  const { engine } = options;
  const bodyBudget = bodyBudgetOf(options);
  const container = engine.container;
  const store = options.store ?? container.get<TriggerStore>(TOKENS.TriggerStore);
  const clock = container.get<Clock>(TOKENS.Clock);
  const logger = container.get<Logger>(TOKENS.Logger);
  const handlers = handlerEntries(options.handlers);
  const load = (item: AnyCompiledBinding | BindingSource) =>
    servedBinding(engine, item, options.handlers, handlers);
  const bindings = await loadBindings(options.bindings, load);
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const basePath = trimSlashes(options.basePath ?? new URL(publicUrl).pathname);

  const scrubber = container.get<SecretScrubber>(TOKENS.SecretScrubber);
  const parts: HostParts = {
    engine,
    store,
    clock,
    logger,
    vault: container.get<CredentialVault>(TOKENS.Vault),
    scrubber,
    http: container.get<HttpClientFactory>(TOKENS.HttpClientFactory),
    entitlements: container.get<Entitlements>(TOKENS.Entitlements),
    bindings,
    launcher: options.launcher ?? engineRunLauncher(engine),
    handlers,
    urlOf: (bindingId) => `${publicUrl}/hooks/${encodeURIComponent(bindingId)}`,
    emit: (event) => {
      if (options.onEvent === undefined) return;
      try {
        options.onEvent(scrubber.scrubValue({ ...event, at: clock.now() } as TriggerHostEvent));
      } catch (error) {
        // A listener's failure is its own: receiving and running go on.
        logger.warn('A trigger host listener threw', { error: (error as Error)?.message });
      }
    },
  };
  // Activations, polls and replays asked for by hand run to their end: the HTTP client's timeouts bound them.
  const signal = new AbortController().signal;
  // Aborted by `stop`: awaiting a run to its end could mean awaiting a worker that never comes.
  let stopping = new AbortController();
  const targets: ReceiverTargets = new Map();
  for (const activation of await store.activations()) {
    // Secrets come back from the store: known to the scrubber before anything can report one.
    if (activation.secret !== undefined) scrubber.add(activation.secret);
    const binding = bindings.get(activation.bindingId);
    const webhooks = binding?.integration.webhooks;
    if (activation.status !== 'active' || activation.secret === undefined || !binding || !webhooks) continue;
    targets.set(binding.id, { binding, secret: activation.secret, webhooks });
  }

  // Bindings being removed: none of their deliveries starts running any more (those running end).
  const leaving = new Set<string>();
  const queue = new DeliveryQueue({
    concurrency: options.concurrency ?? 4,
    maxQueued: options.maxQueued ?? 1000,
    run: async (key) => {
      if (!leaving.has(key.bindingId)) await runDelivery(parts, key, stopping.signal);
    },
    waiting: (limit) => keysOfServed(['received'], limit),
    failed: (error, key) =>
      logger.error('A delivery could not be run; it stays in the store', {
        bindingId: key.bindingId,
        deliveryId: key.id,
        error: (error as Error)?.message,
      }),
  });
  const offer = (key: DeliveryKey) => queue.offer(key);
  const scheduler = new PollScheduler(parts, offer);
  const keeper = new DeliveryKeeper(parts, options.spool, offer);
  const keepDeliveriesMs = durationOption('keepDeliveriesMs', options.keepDeliveriesMs);
  const turns = new BindingTurns();
  // One addition or removal of a binding at a time (per id); its activation takes its own turn.
  const memberships = new BindingTurns();
  const removedDeliveries = new RemovedBindingDeliveries(parts);
  let retention: Interval | undefined;
  let started = false;

  /** Reconciles one binding in its turn, if it is (still) an active webhook binding. */
  const reconcileServed = (bindingId: string, signal: AbortSignal) =>
    turns.take(bindingId, async (): Promise<ReconcileReport | undefined> => {
      const binding = bindings.get(bindingId);
      if (binding?.trigger.delivery !== 'webhook') return undefined;
      const activation = await store.activation(bindingId);
      if (activation?.status !== 'active') {
        // Deactivated by another process (`trigger deactivate`): its deliveries are refused here too.
        targets.delete(bindingId);
        return undefined;
      }
      const reconciled = await reconcileBinding(parts, targets, binding, activation, signal);
      // Changed by another process meanwhile (deactivated, most likely): left as it made it.
      return reconciled === undefined ? undefined : { bindingId, found: reconciled.found };
    });
  /** A reconcile on the schedule: its failure is told, and tried again at the next turn. */
  const reconcileTold = async (bindingId: string, signal: AbortSignal): Promise<void> => {
    try {
      await reconcileServed(bindingId, signal);
    } catch (error) {
      if (!signal.aborted)
        parts.emit({
          type: 'binding.unchecked',
          bindingId,
          error: scrubbedFailure(scrubber, error).toJSON(),
        });
    }
  };
  const reconciling = new ReconcileSchedule({
    clock,
    everyMs: durationOption('reconcileEveryMs', options.reconcileEveryMs) ?? DEFAULT_RECONCILE_EVERY_MS,
    anyActive: () => targets.size > 0,
    reconcileAll: async (signal) => {
      for (const bindingId of [...targets.keys()]) await reconcileTold(bindingId, signal);
    },
    reconcileOne: reconcileTold,
  });
  /** Prunes at once and every hour, while started, when the host keeps deliveries for a time. */
  const startRetention = (keepMs: number): Interval => {
    const first = pruneServedDeliveries(parts, keepMs);
    const interval = onAnInterval(clock, PRUNE_EVERY_MS, async () => {
      await pruneServedDeliveries(parts, keepMs);
      return true;
    });
    return {
      stop: async () => {
        await first;
        await interval.stop();
      },
    };
  };

  /** The oldest deliveries in these states of the bindings this host serves (others wait for theirs). */
  async function keysOfServed(status: DeliveryStatus[], limit?: number): Promise<DeliveryKey[]> {
    const found = await Promise.all(
      [...bindings.keys()].map((bindingId) => store.deliveryKeys({ bindingId, status, limit })),
    );
    const oldest = found.flat().sort((a, b) => a.receivedAt - b.receivedAt);
    return (limit === undefined ? oldest : oldest.slice(0, limit)).map(({ bindingId, id }) => ({
      bindingId,
      id,
    }));
  }

  const rejections = new RejectionSummary(parts.emit, (bindingId) => bindings.has(bindingId));
  const receive = deliveryReceiver({
    target: (bindingId) => targets.get(bindingId),
    maxBodyBytes: options.maxBodyBytes,
    budget: bodyBudget,
    rejected: (bindingId, status, reason) => {
      rejections.rejected(bindingId, status, reason);
      // Deliveries that no longer verify may mean the registration was edited (its secret removed).
      if (status === 401 && targets.has(bindingId)) reconciling.soon(bindingId);
    },
    commit: async (target, delivery, deliveryId, replayKey) => {
      const bindingId = target.binding.id;
      const verdict = await keeper.commit({
        id: deliveryId,
        bindingId,
        source: 'webhook',
        receivedAt: clock.now(),
        headers: storableHeaders(delivery.headers),
        rawBody: delivery.rawBody,
        ...(replayKey === undefined ? {} : { replayKey }),
      });
      // Kept in the spool while the store fails: acknowledged, run once it is in the store.
      if (verdict === 'spooled') return 'committed';
      if (verdict === 'duplicate') {
        parts.emit({ type: 'delivery.duplicate', bindingId, deliveryId });
        return verdict;
      }
      parts.emit({ type: 'delivery.received', bindingId, deliveryId });
      // Received as its binding was being removed (the request began before): finished as the others kept.
      if (!bindings.has(bindingId)) await removedDeliveries.skip({ bindingId, id: deliveryId });
      else if (!leaving.has(bindingId)) offer({ bindingId, id: deliveryId });
      return verdict;
    },
  });

  const bindingOf = (binding: AnyCompiledBinding | string): AnyCompiledBinding => {
    const id = typeof binding === 'string' ? binding : binding.id;
    const found = bindings.get(id);
    if (found === undefined) {
      throw new StepError({
        code: 'not_found',
        message: `This trigger host serves no binding "${id}" (it serves ${[...bindings.keys()].join(', ') || 'none'})`,
      });
    }
    return found;
  };

  /** Offers what is kept for a binding and not finished: by an earlier process, or while it was leaving. */
  const offerKept = async (bindingId: string): Promise<void> => {
    for (const key of await store.deliveryKeys({ bindingId, status: ['running', 'received'] }))
      offer({ bindingId: key.bindingId, id: key.id });
  };

  return {
    get bindings() {
      return [...bindings.values()];
    },
    store,
    urlOf: parts.urlOf,
    handle: webHookHandler(receive, basePath),
    nodeHandler: nodeHookHandler(receive, basePath),
    async start() {
      if (started) return;
      started = true;
      stopping = new AbortController();
      // Cut off mid-run by a crash: nothing of this host runs yet. Few, at most a queue's worth.
      for (const key of await keysOfServed(['running'])) offer(key);
      // Acknowledged while the store failed: into the store, to run with the others.
      await keeper.start();
      // Then those committed and never taken, as the queue has room for them.
      queue.start();
      for (const activation of await store.activations()) {
        const binding = bindings.get(activation.bindingId);
        if (activation.status === 'active' && binding?.trigger.delivery === 'poll') scheduler.follow(binding);
      }
      reconciling.start();
      if (keepDeliveriesMs !== undefined) retention = startRetention(keepDeliveriesMs);
    },
    async stop() {
      rejections.flush();
      if (!started) return;
      started = false;
      stopping.abort();
      await reconciling.stop();
      await retention?.stop();
      retention = undefined;
      await keeper.stop();
      await scheduler.stop();
      await queue.stop();
    },
    idle: () => queue.idle(),
    // What these call of an integration may fail repeating its request, a webhook secret included.
    activate: (binding) =>
      scrubbingFailures(scrubber, async () => {
        const compiled = bindingOf(binding);
        const activation = await turns.take(compiled.id, () =>
          activateBinding(parts, targets, compiled, signal),
        );
        if (started && compiled.trigger.delivery === 'poll') scheduler.follow(compiled);
        reconciling.wake();
        return activation;
      }),
    deactivate: (binding) =>
      scrubbingFailures(scrubber, async () => {
        const compiled = bindingOf(binding);
        await scheduler.unfollow(compiled.id);
        await turns.take(compiled.id, () => deactivateBinding(parts, targets, compiled, signal));
      }),
    addBinding: (binding) =>
      scrubbingFailures(scrubber, async () => {
        const compiled = await load(binding);
        return memberships.take(compiled.id, async () => {
          if (bindings.has(compiled.id)) {
            throw new StepError({
              code: 'validation',
              message: `This trigger host serves a binding "${compiled.id}" already: ids name their URLs, so each must be unique (removeBinding it first to replace it)`,
            });
          }
          bindings.set(compiled.id, compiled);
          let activation: Activation;
          try {
            activation = await turns.take(compiled.id, () =>
              activateBinding(parts, targets, compiled, signal),
            );
          } catch (error) {
            // Not served after all: as before the call, once what of it began to run (a ping) has ended.
            bindings.delete(compiled.id);
            await queue.settled(compiled.id);
            throw error;
          }
          if (started) {
            if (compiled.trigger.delivery === 'poll') scheduler.follow(compiled);
            // Kept for it by an earlier process (acknowledged, or cut off mid-run by a crash): run now.
            await offerKept(compiled.id);
          }
          reconciling.wake();
          return activation;
        });
      }),
    removeBinding: (binding) =>
      scrubbingFailures(scrubber, async () => {
        const { id } = bindingOf(binding);
        await memberships.take(id, async () => {
          const compiled = bindingOf(id);
          leaving.add(id);
          await scheduler.unfollow(id);
          try {
            await turns.take(id, () => deactivateBinding(parts, targets, compiled, signal));
          } catch (error) {
            // Still registered: still served, polled and run as before.
            leaving.delete(id);
            if (started) {
              if (compiled.trigger.delivery === 'poll') scheduler.follow(compiled);
              await offerKept(id);
            }
            throw error;
          }
          bindings.delete(id);
          leaving.delete(id);
          // What of it runs ends as it would have; what it left kept is finished, skipped.
          await queue.settled(id);
          await removedDeliveries.skipAll(id);
        });
      }),
    reconcile: () =>
      scrubbingFailures(scrubber, async () => {
        const reports: ReconcileReport[] = [];
        for (const activation of await store.activations()) {
          if (activation.status !== 'active') continue;
          const report = await reconcileServed(activation.bindingId, signal);
          if (report !== undefined) reports.push(report);
        }
        return reports;
      }),
    poll: (binding) => scrubbingFailures(scrubber, () => scheduler.poll(bindingOf(binding), signal)),
    async replay(deliveryId, bindingId) {
      const delivery = await replayable(store, deliveryId, bindingId);
      bindingOf(delivery.bindingId);
      if (delivery.status === 'failed' || delivery.status === 'skipped')
        await store.requeueDelivery(delivery.bindingId, delivery.id);
      const key = { bindingId: delivery.bindingId, id: delivery.id };
      // Not started (a CLI beside a running `serve`), it runs this one delivery in the call and nothing else.
      if (started) offer(key);
      else await runDelivery(parts, key, signal);
      return (await store.delivery(delivery.bindingId, delivery.id)) ?? delivery;
    },
    deliveries: (query) => store.deliveries(query),
  };
}

/** The budget given, or one for this host; a body limit it cannot hold once would refuse every body that size. */
function bodyBudgetOf({ maxBodyBytes = DEFAULT_MAX_BODY_BYTES, bodyBudget }: TriggerHostOptions): BodyBudget {
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new StepError({
      code: 'validation',
      message: `maxBodyBytes must be a whole number of bytes from 1 (got ${String(maxBodyBytes)})`,
    });
  if (bodyBudget !== undefined && maxBodyBytes > bodyBudget.maxBytes)
    throw new StepError({
      code: 'validation',
      message: `maxBodyBytes (${maxBodyBytes}) is more than the body budget holds (${bodyBudget.maxBytes}): no body that large could be read; give a larger budget or a smaller limit`,
    });
  return bodyBudget ?? new BodyBudget(Math.max(DEFAULT_MAX_BUFFERED_BYTES, maxBodyBytes));
}

async function loadBindings(
  given: ReadonlyArray<AnyCompiledBinding | BindingSource>,
  load: (item: AnyCompiledBinding | BindingSource) => Promise<AnyCompiledBinding>,
): Promise<Map<string, AnyCompiledBinding>> {
  const bindings = new Map<string, AnyCompiledBinding>();
  for (const item of given) {
    const binding = await load(item);
    const other = bindings.get(binding.id);
    if (other !== undefined) {
      throw new StepError({
        code: 'validation',
        message: `Two bindings have the id "${binding.id}"${other.file && binding.file ? ` (${other.file} and ${binding.file})` : ''}: ids name their URLs, so each must be unique`,
      });
    }
    bindings.set(binding.id, binding);
  }
  return bindings;
}

/** The delivery a replay names; ambiguous or finished well, it says so. */
async function replayable(
  store: TriggerStore,
  deliveryId: string,
  bindingId?: string,
): Promise<StoredDelivery> {
  const found =
    bindingId === undefined
      ? await store.deliveriesWithId(deliveryId)
      : [await store.delivery(bindingId, deliveryId)].filter((item) => item !== undefined);
  if (found.length === 0)
    throw new StepError({ code: 'not_found', message: `No delivery "${deliveryId}" is kept` });
  if (found.length > 1) {
    throw new StepError({
      code: 'validation',
      message: `Delivery "${deliveryId}" came to several bindings (${found.map((item) => item.bindingId).join(', ')}): name the binding`,
    });
  }
  const [delivery] = found;
  if (delivery.status === 'received' || delivery.status === 'running') {
    throw new StepError({
      code: 'validation',
      message: `Delivery "${deliveryId}" is ${delivery.status === 'received' ? 'waiting to run' : 'running'} in a host serving its binding: a replay now would run it twice (a run cut off by a crash is run again when that host starts)`,
    });
  }
  if (delivery.status === 'succeeded') {
    throw new StepError({
      code: 'validation',
      message: `Delivery "${deliveryId}" succeeded: replaying it would run its workflow again`,
    });
  }
  return delivery;
}

/**
 * A binding as the host serves it: a file or text loaded and checked (its handler among those
 * given), a compiled one taken as it is, but for its handler, which must be one of the host's and is
 * checked against that handler's input schema.
 */
async function servedBinding(
  engine: Engine,
  item: AnyCompiledBinding | BindingSource,
  given: TriggerHandlers | undefined,
  handlers: ReadonlyMap<string, HandlerEntry>,
): Promise<AnyCompiledBinding> {
  if (!isCompiled(item))
    return loadBindingOrThrow(item, {
      registry: engine.registry,
      vault: engine.vault,
      handlers: given ?? {},
    });
  if (item.handler === undefined) return item;
  const handler = handlers.get(item.handler);
  if (handler === undefined) {
    const names = [...handlers.keys()].map((name) => `"${name}"`).join(', ');
    throw new StepError({
      code: 'validation',
      message: `Binding "${item.id}" names handler "${item.handler}", which this trigger host was not given (${names === '' ? 'it was given no handlers' : `it has ${names}`}): give it in createTriggerHost({ handlers })`,
    });
  }
  const { inputSchema: _theirs, ...binding } = item;
  return handler.input === undefined ? binding : { ...binding, inputSchema: handler.input };
}

function isCompiled(item: AnyCompiledBinding | BindingSource): item is AnyCompiledBinding {
  return (
    typeof item === 'object' &&
    'trigger' in item &&
    'input' in item &&
    ('workflow' in item || 'handler' in item)
  );
}
