// What step packages are written against (@toolsteps/sdk), re-exported: an embedder needs one import.

export * from '@toolsteps/sdk';

// Engine ports: the interfaces an embedding runtime may bind its own of, and their tokens. Those that
// hold only types are exported as types: importing the engine loads no module for them.

export type * from './ports/clock.js';
export type * from './ports/credential-vault.js';
export { isAccountStore } from './ports/credential-vault.js';
export * from './ports/entitlements.js';
export type * from './ports/events.js';
export {
  JOURNALED_RUN_STATUSES,
  type JournaledRun,
  type JournaledRunStatus,
  type ResumableJournal,
  type RunJournal,
  type RunQuery,
} from './ports/journaled-run.js';
export type * from './ports/refresh-lock.js';
export type * from './ports/run-credits.js';
export type * from './ports/services.js';
export type * from './ports/shared-account-limits.js';
export type * from './ports/shared-concurrency.js';
export type * from './ports/shared-quotas.js';
export type * from './ports/shared-rate-limits.js';
export { TOKENS } from './ports/tokens.js';
export type * from './ports/trigger-store.js';

// The engine: assembly, execution, workflows, triggers, and the parts an embedding runtime may swap.

export * from './auth/index.js';
export * from './calls/index.js';
export * from './connect/index.js';
export { bindService } from './container/bind-service.js';
export { createEngine, type Engine, type EngineOptions } from './container/create-engine.js';
export { catalogMarkdown } from './docs/catalog-markdown.js';
export { readmeSection, withReadmeSections } from './docs/readme-sections.js';
export { triggersMarkdown } from './docs/triggers-markdown.js';
export { type RunOptions, WorkflowRunner } from './execution/engine.js';
export { ResumeRefused } from './execution/resume/resume-refused.js';
export type { ResumeOptions } from './execution/resume/resume-run.js';
export { settlingTrace } from './execution/resume/settling-trace.js';
export {
  compileExpression,
  DEFAULT_LIMITS as DEFAULT_EXPRESSION_LIMITS,
  ExpressionLimitError,
  type ExpressionLimits,
  isExpression,
} from './expressions/expression.js';
export * from './http/index.js';
export * from './journal/index.js';
export * from './registry/index.js';
export * from './runtime/index.js';
export { REDACTED, SecretScrubber as ValueSecretScrubber } from './secrets/index.js';
export type {
  ReconcileReport,
  TriggerHost,
  TriggerHostOptions,
} from './triggers/host/create-trigger-host.js';
export { deliveryRunId } from './triggers/host/delivery-run-id.js';
export { createTriggerHost } from './triggers/host/lazy-trigger-host.js';
export type { PollReport } from './triggers/host/poll-binding.js';
export { DEFAULT_RECONCILE_EVERY_MS } from './triggers/host/reconcile-schedule.js';
export {
  endedForGood,
  engineRunLauncher,
  type LaunchOptions,
  type RunLauncher,
} from './triggers/host/run-launcher.js';
export type {
  TriggerHostEvent,
  TriggerHostEventType,
  TriggerHostListener,
} from './triggers/host/trigger-host-events.js';
export * from './triggers/index.js';
export {
  BodyBudget,
  type BodyLease,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_BUFFERED_BYTES,
} from './triggers/receiver/body-budget.js';
export type { NodeHookHandler } from './triggers/receiver/node-hook-handler.js';
export type { WebHookHandler } from './triggers/receiver/web-hook-handler.js';
export {
  DEFAULT_SPOOL_MAX_BYTES,
  DeliverySpool,
  type DeliverySpoolOptions,
} from './triggers/store/delivery-spool.js';
export { MemoryTriggerStore } from './triggers/store/memory-trigger-store.js';
export * from './vault/index.js';
export { compileWorkflow } from './workflow/compile-workflow.js';
export type { CompiledWorkflow } from './workflow/compiled-workflow.js';
export * from './workflow/index.js';
export { type Workflow, WorkflowSchema, type WorkflowStep } from './workflow/workflow-schema.js';
