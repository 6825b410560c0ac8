// Contracts: what step packages and embedding runtimes build on.
export { type Static, type TSchema, Type } from '@sinclair/typebox';
export * from './auth/index.js';
// The engine: assembly, execution, workflows, and the parts an embedding runtime may swap.
export { createEngine, type Engine, type EngineOptions } from './container/create-engine.js';
export { TOKENS } from './container/tokens.js';
export * from './contracts/account.js';
export * from './contracts/clock.js';
export * from './contracts/credits.js';
export * from './contracts/entitlements.js';
export * from './contracts/events.js';
export * from './contracts/http.js';
export * from './contracts/integration.js';
export * from './contracts/logger.js';
export * from './contracts/refresh-lock.js';
export * from './contracts/services.js';
export * from './contracts/shared-account-limits.js';
export * from './contracts/shared-concurrency.js';
export * from './contracts/shared-quotas.js';
export * from './contracts/shared-rate-limits.js';
export * from './contracts/step.js';
export * from './contracts/step-error.js';
export * from './contracts/trigger.js';
export * from './contracts/trigger-store.js';
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
export {
  createTriggerHost,
  type ReconcileReport,
  type TriggerHost,
  type TriggerHostOptions,
} from './triggers/host/create-trigger-host.js';
export { deliveryRunId } from './triggers/host/delivery-run-id.js';
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
  DEFAULT_MAX_BUFFERED_BYTES,
} from './triggers/receiver/body-budget.js';
export type { NodeHookHandler } from './triggers/receiver/node-hook-handler.js';
export { DEFAULT_MAX_BODY_BYTES } from './triggers/receiver/receive-delivery.js';
export type { WebHookHandler } from './triggers/receiver/web-hook-handler.js';
export { DEFAULT_TRIGGER_STORE_PATH, defaultTriggerStore } from './triggers/store/default-trigger-store.js';
export {
  DEFAULT_SPOOL_MAX_BYTES,
  DeliverySpool,
  type DeliverySpoolOptions,
} from './triggers/store/delivery-spool.js';
export { MemoryTriggerStore } from './triggers/store/memory-trigger-store.js';
export { SqliteTriggerStore, type SqliteTriggerStoreOptions } from './triggers/store/sqlite-trigger-store.js';
export { triggerStoreKey } from './triggers/store/trigger-store-key.js';
export * from './vault/index.js';
export { compileWorkflow } from './workflow/compile-workflow.js';
export type { CompiledWorkflow } from './workflow/compiled-workflow.js';
export { PATTERN_HINT } from './workflow/describe-schema-errors.js';
export * from './workflow/index.js';
export { type Workflow, WorkflowSchema, type WorkflowStep } from './workflow/workflow-schema.js';
