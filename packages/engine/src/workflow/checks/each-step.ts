import type { CompiledExpression } from '../../expressions/compiled-expression.js';
import type { CredentialVault } from '../../ports/credential-vault.js';
import type { StepRegistry } from '../../ports/services.js';
import type { Workflow, WorkflowStep } from '../workflow-schema.js';

/** What every semantic check gets: the shape-valid workflow, the catalog and the compiled expressions. */
export interface CheckInput {
  workflow: Workflow;
  registry: StepRegistry;
  /** Every expression that compiled, by the JSON pointer of its string. */
  expressions: ReadonlyMap<string, CompiledExpression>;
  vault?: CredentialVault;
  /** Whose accounts `vault` is checked for: a user's, or (undefined) those of no user. */
  user?: string;
  /** Pointers of values the schema refused (and left out of `workflow`): checks judge nothing that rests on them. */
  refused?: ReadonlySet<string>;
}

export interface VisitedStep {
  node: WorkflowStep;
  pointer: string;
}

/** Every step of a workflow, nested ones included (forEach bodies, parallel branches), in file order. */
export function* eachStep(steps: readonly WorkflowStep[], pointer = '/steps'): Generator<VisitedStep> {
  for (const [index, node] of steps.entries()) {
    const here = `${pointer}/${index}`;
    yield { node, pointer: here };
    if (node.forEach) yield* eachStep(node.forEach.steps, `${here}/forEach/steps`);
    for (const [branch, branchSteps] of (node.parallel ?? []).entries()) {
      yield* eachStep(branchSteps, `${here}/parallel/${branch}`);
    }
  }
}

/** Whether the schema refused the value at `pointer` or one around it: what stood there is unknown. */
export function wasRefused(refused: ReadonlySet<string> | undefined, pointer: string): boolean {
  if (refused === undefined || refused.size === 0) return false;
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
    if (refused.has(at)) return true;
    if (at === '') return false;
  }
}
