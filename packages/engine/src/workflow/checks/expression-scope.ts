import type { CompiledExpression } from '../../expressions/compiled-expression.js';
import { expressionFacts } from '../../expressions/expression-facts.js';
import type { Problem } from '../diagnostic.js';
import type { WorkflowStep } from '../workflow-schema.js';
import { type CheckInput, eachStep, type VisitedStep } from './each-step.js';
import { ScopeNames } from './scope-names.js';
import { assignedNames, type Place, type Scope, ScopeProblems } from './scope-problems.js';

/**
 * Walks the workflow in execution order, as the runner does, and checks that every `$name` and
 * `$steps.<id>` an expression reads is set at that point: a step's `if` and `args` see what earlier
 * steps assigned; its `assign` also sees `$result`, and all its values are computed before any is set;
 * a catch handler's `assign` sees `$error`; what a forEach iteration assigns stays in the iteration;
 * a parallel branch never sees another branch.
 */
export async function checkExpressionScope(input: CheckInput): Promise<Problem[]> {
  const walk = new ScopeWalk(input);
  const scope: Scope = {
    vars: ScopeNames.of(),
    steps: ScopeNames.of(),
    items: ScopeNames.of(),
    inLoop: false,
  };
  await walk.steps(input.workflow.steps, '/steps', scope);
  await walk.under('/output', scope, {});
  return walk.problems;
}

class ScopeWalk {
  readonly problems: Problem[] = [];
  private readonly explain: ScopeProblems;
  /** The expressions of each place that reads them (`…/if`, `…/args`, `…/assign`, `/output`), in file order. */
  private readonly bySlot: Map<string, Array<[string, CompiledExpression]>>;

  constructor(input: CheckInput) {
    const steps = [...eachStep(input.workflow.steps)];
    this.explain = new ScopeProblems(steps);
    this.bySlot = groupBySlot(input.expressions, steps);
  }

  async steps(steps: readonly WorkflowStep[], base: string, scope: Scope): Promise<void> {
    for (const [index, node] of steps.entries()) {
      const pointer = `${base}/${index}`;
      const step = { id: node.id, pointer };
      await this.under(`${pointer}/if`, scope, { step });
      await this.under(`${pointer}/args`, scope, { step });
      if (node.forEach) {
        await this.under(`${pointer}/forEach/items`, scope, { step });
        // Each iteration runs in a child scope: nothing it assigns or runs is seen after the loop.
        const items = scope.items.child();
        items.add(node.forEach.as ?? 'item');
        await this.steps(node.forEach.steps, `${pointer}/forEach/steps`, {
          vars: scope.vars.child(),
          steps: scope.steps.child(),
          items,
          inLoop: true,
        });
      }
      const branches: Scope[] = [];
      for (const [branch, branchSteps] of (node.parallel ?? []).entries()) {
        const own = { ...scope, vars: scope.vars.child(), steps: scope.steps.child() };
        await this.steps(branchSteps, `${pointer}/parallel/${branch}`, own);
        branches.push(own);
      }
      for (const branch of branches) {
        scope.vars.merge(branch.vars);
        scope.steps.merge(branch.steps);
      }
      const assigning = new Set(Object.keys(node.assign ?? {}));
      await this.under(`${pointer}/assign`, scope, { step, result: true, self: true, assigning });
      for (const [handler, spec] of (node.catch ?? []).entries()) {
        const names = new Set(Object.keys(spec.assign ?? {}));
        await this.under(`${pointer}/catch/${handler}/assign`, scope, {
          step,
          error: true,
          self: true,
          assigning: names,
        });
      }
      for (const name of assignedNames(node)) scope.vars.add(name);
      scope.steps.add(node.id);
    }
  }

  async under(pointer: string, scope: Scope, place: Place): Promise<void> {
    for (const [at, expression] of this.bySlot.get(pointer) ?? []) {
      await this.expression(at, expression, scope, place);
    }
  }

  private async expression(pointer: string, expression: CompiledExpression, scope: Scope, place: Place) {
    const facts = expressionFacts(expression);
    const reported = new Set<string>();
    for (const read of facts.reads) {
      if (read.name === '' || read.name === '$' || facts.bound.has(read.name) || reported.has(read.name))
        continue;
      const problem = await this.explain.read(read, pointer, scope, place);
      if (problem === undefined) continue;
      reported.add(read.name);
      this.problems.push(problem);
    }
    if (facts.bound.has('steps')) return;
    for (const reference of facts.stepReferences) {
      const visible = scope.steps.has(reference.id) || (place.self && reference.id === place.step?.id);
      if (!visible) this.problems.push(this.explain.stepReference(reference, pointer, scope, place));
    }
  }
}

/**
 * Files each expression under the place of its step that reads it, found by walking up its pointer:
 * one pass, instead of scanning every expression for every place.
 */
function groupBySlot(
  expressions: ReadonlyMap<string, CompiledExpression>,
  steps: readonly VisitedStep[],
): Map<string, Array<[string, CompiledExpression]>> {
  const slots = new Map<string, Array<[string, CompiledExpression]>>([['/output', []]]);
  for (const { node, pointer } of steps) {
    for (const field of ['if', 'args', 'forEach/items', 'assign']) slots.set(`${pointer}/${field}`, []);
    for (const index of (node.catch ?? []).keys()) slots.set(`${pointer}/catch/${index}/assign`, []);
  }
  for (const entry of expressions) {
    for (let at = entry[0]; at !== ''; at = at.slice(0, at.lastIndexOf('/'))) {
      const slot = slots.get(at);
      if (slot === undefined) continue;
      slot.push(entry);
      break;
    }
  }
  return slots;
}
