export { catalogWorkflowSchema } from './catalog-schema.js';
export { type CompileWorkflowOptions, compileWorkflow } from './compile-workflow.js';
export type { CompiledCatch, CompiledStep, CompiledWorkflow, RetryPolicy } from './compiled-workflow.js';
export { type Diagnostic, type DiagnosticCode, formatDiagnostic } from './diagnostic.js';
export { toMilliseconds } from './duration.js';
export { loadWorkflow, loadWorkflowOrThrow } from './lazy-load-workflow.js';
export type { LoadResult, LoadWorkflowOptions, WorkflowSource } from './load-workflow.js';
export {
  JSON_SCHEMA_DRAFT,
  type JsonSchema,
  WORKFLOW_SCHEMA_ID,
  workflowJsonSchema,
} from './published-schema.js';
export { WorkflowInvalidError } from './workflow-invalid-error.js';
export { DEFAULT_MAX_EXPRESSIONS, DEFAULT_MAX_WORKFLOW_BYTES } from './workflow-limits.js';
export {
  type CatchSpec,
  type DurationSpec,
  type ForEach,
  type RetryPolicySpec,
  type Workflow,
  WorkflowModule,
  WorkflowSchema,
  type WorkflowStep,
} from './workflow-schema.js';
