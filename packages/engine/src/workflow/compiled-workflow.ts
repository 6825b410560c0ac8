import type { AnyStep, ErrorCode, Integration } from '@toolsteps/sdk';
import type { Template } from '../expressions/template.js';
import type { Workflow, WorkflowStep } from './workflow-schema.js';

/** A retry policy with every default filled in. */
export interface RetryPolicy {
  maxAttempts: number;
  backoff: 'fixed' | 'exponential';
  initialMs: number;
  maxMs: number;
  on: ReadonlySet<ErrorCode>;
}

/** One attempt: what a step without a retry policy gets (the HTTP layer already retries transient failures). */
export const SINGLE_ATTEMPT: RetryPolicy = {
  maxAttempts: 1,
  backoff: 'exponential',
  initialMs: 500,
  maxMs: 30_000,
  on: new Set(['rate_limited', 'timeout', 'unavailable']),
};

export interface CompiledCatch {
  on: ReadonlySet<ErrorCode> | '*';
  then: 'continue' | 'fail';
  assign?: Record<string, Template>;
}

/** One workflow step with its expressions compiled and its catalog step resolved. */
export interface CompiledStep {
  id: string;
  /** JSON pointer of the step in the workflow file, e.g. `/steps/1/forEach/steps/0`. */
  pointer: string;
  node: WorkflowStep;
  /** The catalog step and its integration, when `node.step` names one that is installed. */
  step?: AnyStep;
  integration?: Integration;
  args?: Template;
  if?: Template;
  assign?: Record<string, Template>;
  forEach?: { items: Template; as: string; concurrency: number; steps: CompiledStep[] };
  parallel?: CompiledStep[][];
  retry: RetryPolicy;
  timeoutMs?: number;
  catch: CompiledCatch[];
}

/** A workflow ready to run any number of times: compiled once, never mutated by a run. */
export interface CompiledWorkflow {
  id: string;
  definition: Workflow;
  /** Where it was loaded from, when it came from a file. */
  file?: string;
  steps: CompiledStep[];
  output?: Template;
  timeoutMs?: number;
  /** integration id -> default account id or name. */
  defaultAccounts: Record<string, string>;
}
