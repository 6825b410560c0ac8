import { readFile } from 'node:fs/promises';
import type { CredentialVault } from '../contracts/account.js';
import type { StepRegistry } from '../contracts/services.js';
import type { ExpressionLimits } from '../expressions/expression.js';
import { checkShape } from './check-shape.js';
import { checkAccounts } from './checks/accounts.js';
import { checkCatalogSteps } from './checks/catalog-steps.js';
import { checkDuplicateStepIds } from './checks/duplicate-step-ids.js';
import type { CheckInput } from './checks/each-step.js';
import { checkExpressionScope } from './checks/expression-scope.js';
import { checkForEachItems } from './checks/foreach-items.js';
import { checkLiteralArgs } from './checks/literal-args.js';
import { checkReservedNames } from './checks/reserved-names.js';
import { compileCollecting } from './compile-collecting.js';
import type { CompiledWorkflow } from './compiled-workflow.js';
import type { Diagnostic } from './diagnostic.js';
import { JsonDocument } from './json-document.js';
import { WorkflowInvalidError } from './workflow-invalid-error.js';
import type { Workflow } from './workflow-schema.js';

/** A path to a workflow file, or its text (with the name to report it under). */
export type WorkflowSource = string | { text: string; file?: string };

export interface LoadWorkflowOptions {
  registry: StepRegistry;
  /** When given, every step's account is resolved against it (by id or name, or the integration's default). */
  vault?: CredentialVault;
  limits?: ExpressionLimits;
}

export type LoadResult =
  | { ok: true; workflow: CompiledWorkflow; diagnostics: [] }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * Reads, parses, checks and compiles a workflow. Each phase needs the one before it to have passed
 * (strict JSON, then the published schema); compiling and the semantic checks report everything together.
 */
export async function loadWorkflow(
  source: WorkflowSource,
  options: LoadWorkflowOptions,
): Promise<LoadResult> {
  const read = await readSource(source);
  if (!read.ok) return read;
  const parsed = JsonDocument.parse(read.text, read.file);
  if (!parsed.ok) return { ok: false, diagnostics: parsed.diagnostics };
  const { document } = parsed;
  const shape = checkShape(document.value);
  if (shape.length > 0) return failed(shape.map((problem) => document.toDiagnostic(problem)));

  const workflow = document.value as Workflow;
  const compiled = compileCollecting(workflow, {
    registry: options.registry,
    limits: options.limits,
    file: read.file,
  });
  const input: CheckInput = {
    workflow,
    registry: options.registry,
    expressions: compiled.expressions,
    vault: options.vault,
  };
  const problems = [
    ...compiled.problems,
    ...checkDuplicateStepIds(input),
    ...checkCatalogSteps(input),
    ...checkReservedNames(input),
    ...checkLiteralArgs(input),
    ...checkForEachItems(input),
    ...(await checkExpressionScope(input)),
    ...(await checkAccounts(input)),
  ];
  if (problems.length > 0) return failed(problems.map((problem) => document.toDiagnostic(problem)));
  return { ok: true, workflow: compiled.workflow, diagnostics: [] };
}

/** Like `loadWorkflow`, but a workflow with problems throws a `WorkflowInvalidError` listing them all. */
export async function loadWorkflowOrThrow(
  source: WorkflowSource,
  options: LoadWorkflowOptions,
): Promise<CompiledWorkflow> {
  const result = await loadWorkflow(source, options);
  if (result.ok) return result.workflow;
  throw new WorkflowInvalidError(result.diagnostics, typeof source === 'string' ? source : source.file);
}

async function readSource(
  source: WorkflowSource,
): Promise<{ ok: true; text: string; file?: string } | { ok: false; diagnostics: Diagnostic[] }> {
  if (typeof source !== 'string') return { ok: true, text: source.text, file: source.file };
  try {
    return { ok: true, text: await readFile(source, 'utf8'), file: source };
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    const diagnostic: Diagnostic = {
      code: 'read-failed',
      message: `cannot read the workflow file: ${reason}`,
      pointer: '',
      line: 1,
      column: 1,
      file: source,
    };
    return { ok: false, diagnostics: [diagnostic] };
  }
}

/** Diagnostics in file order, so they read top to bottom like the file. */
function failed(diagnostics: Diagnostic[]): { ok: false; diagnostics: Diagnostic[] } {
  const sorted = [...diagnostics].sort((a, b) => a.line - b.line || a.column - b.column);
  return { ok: false, diagnostics: sorted };
}
