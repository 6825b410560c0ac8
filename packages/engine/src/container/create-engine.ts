import {
  type ConnectedAccount,
  type Integration,
  type Logger,
  type OAuthClient,
  silentLogger,
} from '@toolsteps/sdk';
import type { Container } from 'inversify';
import type { ToolCallResult } from '../calls/call-result.js';
import { createToolCaller } from '../calls/create-tool-caller.js';
import type { CallOptions, ToolCaller } from '../calls/tool-caller.js';
import {
  type SearchToolsOptions,
  searchToolDefinitions,
  type ToolsOptions,
  toolDefinitions,
} from '../calls/tool-definitions.js';
import type { ToolDefinition, ToolFormat } from '../calls/tool-formats.js';
import { type WorkflowTool, type WorkflowToolOptions, WorkflowTools } from '../calls/workflow-tools.js';
import type { Connector } from '../connect/connector.js';
import {
  MemoryPendingAuthorizations,
  type PendingAuthorizations,
} from '../connect/pending-authorizations.js';
import { type RunOptions, WorkflowRunner } from '../execution/engine.js';
import { ResumeRefused } from '../execution/resume/resume-refused.js';
import { type ResumeOptions, resumeRun } from '../execution/resume/resume-run.js';
import { DEFAULT_LIMITS, type ExpressionLimits } from '../expressions/expression.js';
import { KyHttpClientFactory, UndiciTransport } from '../http/index.js';
import { MemoryJournal } from '../journal/index.js';
import type { Clock } from '../ports/clock.js';
import type { CredentialVault } from '../ports/credential-vault.js';
import type { Entitlements } from '../ports/entitlements.js';
import type { Journal, RunResult } from '../ports/events.js';
import type { ResumableJournal } from '../ports/journaled-run.js';
import type { RefreshLock } from '../ports/refresh-lock.js';
import type {
  CatalogEntry,
  HttpClientFactory,
  HttpTransport,
  SecretScrubber as Scrubber,
  StepRegistry,
} from '../ports/services.js';
import type { SharedAccountLimits } from '../ports/shared-account-limits.js';
import type { SharedConcurrency } from '../ports/shared-concurrency.js';
import type { SharedQuotas } from '../ports/shared-quotas.js';
import type { SharedRateLimits } from '../ports/shared-rate-limits.js';
import { TOKENS } from '../ports/tokens.js';
import type { TriggerStore } from '../ports/trigger-store.js';
import type { ImportModule } from '../registry/import-integration.js';
import { createRegistry, loadRegistry } from '../registry/index.js';
import { SystemClock } from '../runtime/index.js';
import { SecretScrubber } from '../secrets/index.js';
import { scrubbingLogger } from '../secrets/scrubbing-logger.js';
import { MemoryTriggerStore } from '../triggers/store/memory-trigger-store.js';
import { MemoryVault } from '../vault/index.js';
import type { CompiledWorkflow } from '../workflow/compiled-workflow.js';
import {
  type LoadResult,
  loadWorkflow,
  loadWorkflowOrThrow,
  type WorkflowSource,
} from '../workflow/index.js';
import { bindService } from './bind-service.js';
import { resolveEntitlements } from './resolve-entitlements.js';

/** A user has minutes, not hours, to come back from the provider's consent page. */
const AUTHORIZATION_LIFETIME_MS = 10 * 60 * 1000;
/** Bounds each call to a token, device code or revocation endpoint while connecting. */
const CONNECT_TIMEOUT_MS = 30_000;

/**
 * `sharedRateLimits`, `sharedConcurrency`, `sharedQuotas`: account limits kept with every other
 * process using the accounts (workers), e.g. `...redisAccountLimits(redis)`. Default: each process
 * keeps its own.
 */
export interface EngineOptions extends SharedAccountLimits {
  /**
   * Integrations to load: Integration objects, package names or module paths. Default: the
   * `toolsteps.config.json` found from `cwd`, else every installed `@toolsteps/step-*` package.
   */
  integrations?: Array<Integration | string>;
  /** Where configuration is looked for and relative module paths are resolved; default process.cwd(). */
  cwd?: string;
  /** A `toolsteps.config.json` to use instead of looking for one. */
  configFile?: string;
  /** How integration modules are imported; default `import()`. */
  importModule?: ImportModule;
  /** Step packages installed around this folder are found too (see `loadRegistry`); the CLI names its own. */
  installedBeside?: string;
  /** The credential vault; or `accounts` for an in-memory one. */
  vault?: CredentialVault;
  accounts?: ConnectedAccount[];
  httpClientFactory?: HttpClientFactory;
  /** What carries requests to the network under ky; default undici's `request()` over a keep-alive Agent. */
  httpTransport?: HttpTransport;
  clock?: Clock;
  logger?: Logger;
  journal?: Journal;
  secretScrubber?: Scrubber;
  expressionLimits?: Partial<ExpressionLimits>;
  /** Largest workflow file or text `load` and `validate` accept; default 4 MiB. */
  maxWorkflowBytes?: number;
  /** Most `{% … %}` expressions one workflow may hold (each costs memory once compiled); default 10,000. */
  maxExpressions?: number;
  /**
   * Where the trigger host keeps activations, deliveries and poll cursors: a store, or a function
   * that opens one on first use, e.g. `() => defaultTriggerStore()` (SQLite at
   * `.toolsteps/triggers.sqlite`, as the CLI keeps it). Default: a `MemoryTriggerStore`.
   */
  triggerStore?: TriggerStore | (() => TriggerStore);
  /**
   * What the host is entitled to at third parties (a plan, e.g. `zendesk.enterprise`): ids, or an
   * `Entitlements` to ask. A trigger that `requires` one the host lacks is refused on activation;
   * steps never ask. Default: `entitlements` of the config file read for integrations, else none.
   */
  entitlements?: Entitlements | readonly string[];
  /**
   * A lock shared with every other process using the accounts (workers), so one of them at a time
   * refreshes an account's OAuth token: e.g. `new RedisRefreshLock(redis)`. Default: each process
   * refreshes on its own.
   */
  refreshLock?: RefreshLock;
  /**
   * Whether each step's trace lists its requests (`requestLog`: method, path, status), as the CLI's
   * do. Default false: a request then costs nothing more than its count in `requests`.
   */
  traceRequests?: boolean;
  /**
   * The OAuth app registered at each provider, by integration id, for `engine.connect`: e.g.
   * `{ github: { clientId, clientSecret } }`. An integration without one cannot be connected by OAuth.
   */
  oauthClients?: Readonly<Record<string, OAuthClient>>;
  /**
   * Where started authorizations wait for their callback; default in memory (this process). A service
   * whose callback may reach another process binds a shared store.
   */
  pendingAuthorizations?: PendingAuthorizations;
  /** How long a started authorization waits for its callback; default 10 minutes. */
  authorizationLifetimeMs?: number;
  /** Last word on the container: rebind anything before the engine is built. */
  configure?: (container: Container) => void;
}

/** Connecting accounts for users (see `Connector`): loaded with its first use. */
export type AccountConnections = Pick<Connector, 'start' | 'finish' | 'withKey' | 'device' | 'disconnect'>;

/** The engine an agent runtime embeds: load and validate workflows, run them, read the catalog. */
export interface Engine {
  readonly container: Container;
  readonly registry: StepRegistry;
  readonly vault: CredentialVault;
  /**
   * Connects accounts for users through each integration's own flow: `start` and `finish` an OAuth
   * authorization (code with PKCE), `device` for terminals, `withKey` for API keys; `reconnect` on
   * any of them replaces an account's credentials in place; `disconnect` revokes and removes.
   */
  readonly connect: AccountConnections;
  catalog(): CatalogEntry[];
  /**
   * Parses, validates and compiles a workflow; all problems are returned together. Accounts are
   * checked against the vault unless `accounts: false` (e.g. before emulators supply them): those of
   * `user`, the end user it will run for, or (without one) the accounts of no user.
   */
  validate(source: WorkflowSource, options?: { accounts?: boolean; user?: string }): Promise<LoadResult>;
  /** Like validate, but throws a WorkflowInvalidError listing every problem. */
  load(source: WorkflowSource, options?: { user?: string }): Promise<CompiledWorkflow>;
  /** Runs a loaded workflow (or loads it first). Resolves with the result whether the run succeeded or not. */
  run(workflow: CompiledWorkflow | WorkflowSource, input?: unknown, options?: RunOptions): Promise<RunResult>;
  /**
   * Resumes a journaled run that did not succeed (crashed, failed, or settled after `outcome_unknown`):
   * what it did is replayed, not repeated. Needs a journal runs can be resumed from (SqliteJournal);
   * a `ResumeRefused` says why it cannot be, before anything runs.
   */
  resume(runId: string, options?: ResumeOptions): Promise<RunResult>;
  /**
   * Runs one tool call: the step a tool name (`github_create_issue`) or step id names, with `args` as
   * data (never evaluated, whatever text they hold). Resolves to `{ ok: true, result, meta }` or
   * `{ ok: false, error, meta }`, an error worded for the model that made the call; never throws for
   * a failed call.
   */
  call(tool: string, args?: unknown, options?: CallOptions): Promise<ToolCallResult>;
  /**
   * The installed steps as tool definitions a model's API takes (`format`: `openai`,
   * `openai-responses`, `anthropic`, `mcp`, `json-schema`), filtered by `integrations`, `steps`,
   * `readOnly`; `strict` gives OpenAI's strict form. Unavailable steps are never offered.
   */
  tools<F extends ToolFormat>(options: ToolsOptions<F>): ToolDefinition<F>[];
  /** The `limit` (default 5) tools that best match `query` (`open an issue`), best first, as `tools` shapes them. */
  searchTools<F extends ToolFormat = 'json-schema'>(
    query: string,
    options?: SearchToolsOptions<F>,
  ): ToolDefinition<F>[];
  /**
   * Offers a workflow as one tool: `call` of its name runs it with the arguments as its input and
   * answers with its output. Loaded (and checked) first when it is not compiled yet. A name taken by a
   * step or another workflow is refused.
   */
  addWorkflowTool(
    workflow: CompiledWorkflow | WorkflowSource,
    options?: WorkflowToolOptions,
  ): Promise<WorkflowTool>;
  /** Stops offering a workflow tool; false when no workflow tool has that name. */
  removeWorkflowTool(name: string): boolean;
  /** The workflows offered as tools, in the order they were added. */
  workflowTools(): WorkflowTool[];
}

/** Assembles the engine: every part is bound in an inversify container the caller may override. */
export async function createEngine(options: EngineOptions = {}): Promise<Engine> {
  // inversify loads here, not with the engine: the services carry no decorators (see runtime/service.ts).
  const [registry, { Container }] = await Promise.all([resolveRegistry(options), loadInversify()]);
  const container = new Container();
  const bindValue = <T>(token: symbol, value: T) => container.bind<T>(token).toConstantValue(value);

  bindValue<StepRegistry>(TOKENS.Registry, registry);
  bindValue<CredentialVault>(TOKENS.Vault, options.vault ?? new MemoryVault(options.accounts ?? []));
  bindValue<Clock>(TOKENS.Clock, options.clock ?? new SystemClock());
  const logger = options.logger ?? silentLogger;
  container
    .bind<Logger>(TOKENS.Logger)
    .toDynamicValue((context) => scrubbingLogger(logger, context.get<Scrubber>(TOKENS.SecretScrubber)))
    .inSingletonScope();
  bindValue<Journal>(TOKENS.Journal, options.journal ?? new MemoryJournal());
  bindValue<ExpressionLimits>(TOKENS.ExpressionLimits, { ...DEFAULT_LIMITS, ...options.expressionLimits });
  if (options.secretScrubber) bindValue<Scrubber>(TOKENS.SecretScrubber, options.secretScrubber);
  else bindService<Scrubber>(container, TOKENS.SecretScrubber, SecretScrubber).inSingletonScope();
  if (options.httpTransport) bindValue<HttpTransport>(TOKENS.HttpTransport, options.httpTransport);
  else
    container
      .bind<HttpTransport>(TOKENS.HttpTransport)
      .toDynamicValue(() => new UndiciTransport())
      .inSingletonScope();
  if (options.httpClientFactory)
    bindValue<HttpClientFactory>(TOKENS.HttpClientFactory, options.httpClientFactory);
  else
    bindService<HttpClientFactory>(
      container,
      TOKENS.HttpClientFactory,
      KyHttpClientFactory,
    ).inSingletonScope();
  const triggerStore = checkedTriggerStore(options.triggerStore);
  if (typeof triggerStore === 'object') bindValue<TriggerStore>(TOKENS.TriggerStore, triggerStore);
  else
    container
      .bind<TriggerStore>(TOKENS.TriggerStore)
      .toDynamicValue(() => triggerStore?.() ?? new MemoryTriggerStore())
      .inSingletonScope();
  bindValue<Entitlements>(TOKENS.Entitlements, await resolveEntitlements(options));
  if (options.sharedRateLimits)
    bindValue<SharedRateLimits>(TOKENS.SharedRateLimits, options.sharedRateLimits);
  if (options.sharedConcurrency)
    bindValue<SharedConcurrency>(TOKENS.SharedConcurrency, options.sharedConcurrency);
  if (options.sharedQuotas) bindValue<SharedQuotas>(TOKENS.SharedQuotas, options.sharedQuotas);
  if (options.refreshLock) bindValue<RefreshLock>(TOKENS.RefreshLock, options.refreshLock);
  if (options.traceRequests) bindValue<boolean>(TOKENS.TraceRequests, true);
  bindService(container, WorkflowRunner, WorkflowRunner).inSingletonScope();
  options.configure?.(container);

  const vault = container.get<CredentialVault>(TOKENS.Vault);
  const limits = container.get<ExpressionLimits>(TOKENS.ExpressionLimits);
  const runner = container.get(WorkflowRunner);
  const { maxWorkflowBytes, maxExpressions } = options;
  let caller: ToolCaller | undefined;
  const workflowTools = new WorkflowTools((name) => toolCaller().toolNames().stepId(name) !== undefined);
  const toolCaller = (): ToolCaller => {
    caller ??= createToolCaller(container, runner, workflowTools);
    return caller;
  };
  const loadOptions = { registry, vault, limits, maxWorkflowBytes, maxExpressions };

  const authorizationLifetime = checkedAuthorizationLifetime(options.authorizationLifetimeMs);
  let connector: Promise<Connector> | undefined;
  const connectorOf = (): Promise<Connector> => {
    connector ??= import('../connect/connector.js').then(
      ({ Connector: Made }) =>
        new Made({
          registry,
          vault,
          http: container.get<HttpClientFactory>(TOKENS.HttpClientFactory),
          scrubber: container.get<Scrubber>(TOKENS.SecretScrubber),
          clock: container.get<Clock>(TOKENS.Clock),
          pending:
            options.pendingAuthorizations ??
            new MemoryPendingAuthorizations(() => container.get<Clock>(TOKENS.Clock).now()),
          oauthClients: options.oauthClients ?? {},
          stateLifetimeMs: authorizationLifetime,
          timeoutMs: CONNECT_TIMEOUT_MS,
        }),
    );
    return connector;
  };

  const engine: Engine = {
    container,
    registry,
    vault,
    connect: {
      start: async (start) => (await connectorOf()).start(start),
      finish: async (finish) => (await connectorOf()).finish(finish),
      withKey: async (withKey) => (await connectorOf()).withKey(withKey),
      device: async (device) => (await connectorOf()).device(device),
      disconnect: async (disconnect) => (await connectorOf()).disconnect(disconnect),
    },
    catalog: () => registry.catalog(),
    validate: (source, validateOptions) =>
      loadWorkflow(
        source,
        validateOptions?.accounts === false
          ? { registry, limits, maxWorkflowBytes, maxExpressions }
          : { ...loadOptions, user: validateOptions?.user },
      ),
    load: (source, loadOptionsOfCall) =>
      loadWorkflowOrThrow(source, { ...loadOptions, user: loadOptionsOfCall?.user }),
    run: async (workflow, input, runOptions) =>
      runner.run(
        isCompiled(workflow) ? workflow : await engine.load(workflow, { user: runOptions?.user }),
        input,
        runOptions,
      ),
    resume: (runId, resumeOptions) => {
      const journal = container.get<Journal>(TOKENS.Journal);
      if (!isResumable(journal)) {
        return Promise.reject(
          new ResumeRefused(
            "The engine's journal keeps no history to resume a run from: bind a SqliteJournal (createEngine({ journal }))",
          ),
        );
      }
      return resumeRun({ journal, runner, load: engine.load }, runId, resumeOptions);
    },
    call: (tool, args, callOptions) => toolCaller().call(tool, args, callOptions),
    tools: (toolsOptions) => toolDefinitions(registry, toolsOptions, workflowTools.list()),
    searchTools: (query, searchOptions) =>
      searchToolDefinitions(registry, query, searchOptions, workflowTools.list()),
    addWorkflowTool: async (workflow, toolOptions) =>
      workflowTools.add(
        // Its accounts are the calling user's, resolved at each call: not checked against the vault now.
        isCompiled(workflow)
          ? workflow
          : await loadWorkflowOrThrow(workflow, { registry, limits, maxWorkflowBytes, maxExpressions }),
        toolOptions,
      ),
    removeWorkflowTool: (name) => workflowTools.remove(name),
    workflowTools: () => workflowTools.list(),
  };
  return engine;
}

/** reflect-metadata first: decorated classes a caller binds (`configure`) keep what they learn through it. */
async function loadInversify(): Promise<typeof import('inversify')> {
  await import('reflect-metadata');
  return import('inversify');
}

async function resolveRegistry(options: EngineOptions): Promise<StepRegistry> {
  const given = options.integrations;
  if (given?.every((item): item is Integration => typeof item !== 'string')) return createRegistry(given);
  return loadRegistry({
    integrations: given,
    cwd: options.cwd,
    configFile: options.configFile,
    importModule: options.importModule,
    installedBeside: options.installedBeside,
  });
}

/** The SQLite store is an adapter the engine does not import: a path alone names nothing it can open. */
function checkedTriggerStore(store: EngineOptions['triggerStore']): EngineOptions['triggerStore'] {
  if (store === undefined || typeof store === 'function' || (typeof store === 'object' && store !== null))
    return store;
  throw new TypeError(
    `createEngine({ triggerStore }) takes a TriggerStore or a function opening one, not ${typeof store}: for SQLite at a path, pass () => defaultTriggerStore(path)`,
  );
}

function isResumable(journal: Journal): journal is ResumableJournal {
  const candidate = journal as Partial<ResumableJournal>;
  return typeof candidate.history === 'function' && typeof candidate.recordSend === 'function';
}

function isCompiled(workflow: CompiledWorkflow | WorkflowSource): workflow is CompiledWorkflow {
  return typeof workflow === 'object' && 'steps' in workflow && 'definition' in workflow;
}

/** A waiting authorization must expire: a lifetime that is not a number of seconds to an hour never would. */
function checkedAuthorizationLifetime(ms: number | undefined): number {
  if (ms === undefined) return AUTHORIZATION_LIFETIME_MS;
  if (!Number.isFinite(ms) || ms < 1000 || ms > 3_600_000) {
    throw new RangeError(
      `createEngine({ authorizationLifetimeMs }) must be between 1000 (a second) and 3600000 (an hour), not ${ms}`,
    );
  }
  return ms;
}
