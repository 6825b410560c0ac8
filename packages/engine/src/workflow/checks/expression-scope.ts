import type { CompiledExpression } from '../../expressions/expression.js';
import { isWithin } from '../../validation/json-pointer.js';
import type { Problem } from '../diagnostic.js';
import type { WorkflowStep } from '../workflow-schema.js';
import { type CheckInput, eachStep } from './each-step.js';
import { expressionFacts } from './expression-facts.js';
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
  const scope: Scope = { vars: new Set(), steps: new Set(), items: new Set(), inLoop: false };
  await walk.steps(input.workflow.steps, '/steps', scope);
  await walk.under('/output', scope, {});
  return walk.problems;
}

class ScopeWalk {
  readonly problems: Problem[] = [];
  private readonly explain: ScopeProblems;

  constructor(private readonly input: CheckInput) {
    this.explain = new ScopeProblems([...eachStep(input.workflow.steps)]);
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
        await this.steps(node.forEach.steps, `${pointer}/forEach/steps`, {
          vars: new Set(scope.vars),
          steps: new Set(scope.steps),
          items: new Set([...scope.items, node.forEach.as ?? 'item']),
          inLoop: true,
        });
      }
      const branches: Scope[] = [];
      for (const [branch, branchSteps] of (node.parallel ?? []).entries()) {
        const own = { ...scope, vars: new Set(scope.vars), steps: new Set(scope.steps) };
        await this.steps(branchSteps, `${pointer}/parallel/${branch}`, own);
        branches.push(own);
      }
      for (const branch of branches) {
        for (const name of branch.vars) scope.vars.add(name);
        for (const id of branch.steps) scope.steps.add(id);
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
    for (const [at, expression] of this.input.expressions) {
      if (isWithin(at, pointer)) await this.expression(at, expression, scope, place);
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
