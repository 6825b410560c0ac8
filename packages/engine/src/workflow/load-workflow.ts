import type { ExpressionLimits } from '../expressions/expression.js';
import type { CredentialVault } from '../ports/credential-vault.js';
import type { StepRegistry } from '../ports/services.js';
import { checkShape } from './check-shape.js';
import { checkAccounts } from './checks/accounts.js';
import { checkCatalogSteps } from './checks/catalog-steps.js';
import { checkCreditBudgets } from './checks/credit-budgets.js';
import { checkDuplicateStepIds } from './checks/duplicate-step-ids.js';
import type { CheckInput } from './checks/each-step.js';
import { checkExpressionScope } from './checks/expression-scope.js';
import { checkForEachItems } from './checks/foreach-items.js';
import { checkInputPaths } from './checks/input-paths.js';
import { checkInputSchema } from './checks/input-schema.js';
import { checkLiteralArgs } from './checks/literal-args.js';
import { checkReservedNames } from './checks/reserved-names.js';
import { compileCollecting } from './compile-collecting.js';
import type { CompiledWorkflow } from './compiled-workflow.js';
import { expressionPastLimit } from './count-expressions.js';
import type { Diagnostic, Problem } from './diagnostic.js';
import { JsonDocument } from './json-document.js';
import { type FileSource, readSource } from './read-source.js';
import { usablePart } from './usable-part.js';
import { WorkflowInvalidError } from './workflow-invalid-error.js';
import { DEFAULT_MAX_EXPRESSIONS, DEFAULT_MAX_WORKFLOW_BYTES } from './workflow-limits.js';
import type { Workflow } from './workflow-schema.js';

/** A path to a workflow file, or its text (with the name to report it under). */
export type WorkflowSource = FileSource;

export interface LoadWorkflowOptions {
  registry: StepRegistry;
  /** When given, every step's account is resolved against it (by id or name, or the integration's default). */
  vault?: CredentialVault;
  /** The user whose accounts of `vault` it will run with; default those of no user. */
  user?: string;
  limits?: ExpressionLimits;
  /** Larger workflow files (or texts) are refused before being read whole; default 4 MiB. */
  maxWorkflowBytes?: number;
  /** A workflow with more `{% … %}` strings is refused before any is compiled; default 10,000. */
  maxExpressions?: number;
}

export type LoadResult =
  | { ok: true; workflow: CompiledWorkflow; diagnostics: [] }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * Reads, parses, checks and compiles a workflow. Strict JSON must pass before anything else; the
 * published schema's problems, compiling and the semantic checks are then reported together.
 */
export async function loadWorkflow(
  source: WorkflowSource,
  options: LoadWorkflowOptions,
): Promise<LoadResult> {
  const read = await readSource(source, options.maxWorkflowBytes ?? DEFAULT_MAX_WORKFLOW_BYTES, {
    noun: 'workflow',
    tooLargeHint:
      'split it into smaller workflows, or raise maxWorkflowBytes where the engine loads workflows',
  });
  if (!read.ok) return read;
  const parsed = JsonDocument.parse(read.text, read.file);
  if (!parsed.ok) return { ok: false, diagnostics: parsed.diagnostics };
  const { document } = parsed;
  const maxExpressions = options.maxExpressions ?? DEFAULT_MAX_EXPRESSIONS;
  const pastLimit = expressionPastLimit(document.value, maxExpressions);
  if (pastLimit !== undefined)
    return failed([document.toDiagnostic(tooManyExpressions(pastLimit, maxExpressions))]);
  const shape = checkShape(document.value);
  // The checks below still read what the schema accepted: every problem of the file is reported at once.
  const workflow =
    shape.problems.length === 0 ? (document.value as Workflow) : usablePart(document.value, shape.refused);
  if (workflow === undefined) return failed(shape.problems.map((problem) => document.toDiagnostic(problem)));
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
    user: options.user,
    refused: shape.refused,
  };
  const inputSchemaProblems = checkInputSchema(input);
  const problems = [
    ...shape.problems,
    ...compiled.problems,
    ...checkDuplicateStepIds(input),
    ...checkCatalogSteps(input),
    ...checkCreditBudgets(input),
    ...checkReservedNames(input),
    ...checkLiteralArgs(input),
    ...checkForEachItems(input),
    ...inputSchemaProblems,
    // Paths are only followed through a schema that is safe to read: bounded, its refs inside it.
    ...(inputSchemaProblems.length === 0 ? checkInputPaths(input) : []),
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

/** The refusal of a file with more expressions than allowed, at the first one over. */
export function tooManyExpressions(
  pointer: string,
  most: number,
  noun = 'workflow',
  hint = 'split it into smaller workflows, or raise maxExpressions where the engine loads workflows',
): Problem {
  return {
    code: 'too-many-expressions',
    pointer,
    message: `this is expression number ${most + 1}: a ${noun} may hold at most ${most} {% … %} expressions`,
    hint,
  };
}

/** Diagnostics in file order, so they read top to bottom like the file. */
export function failed(diagnostics: Diagnostic[]): { ok: false; diagnostics: Diagnostic[] } {
  const sorted = [...diagnostics].sort((a, b) => a.line - b.line || a.column - b.column);
  return { ok: false, diagnostics: sorted };
}
