import type { CompiledExpression } from '../../expressions/expression.js';
import type { Problem } from '../diagnostic.js';
import { didYouMean } from '../did-you-mean.js';
import { isWithin, parsePointer } from '../json-pointer.js';
import type { WorkflowStep } from '../workflow-schema.js';
import { builtinFunctionNames, isBuiltinFunction } from './builtin-functions.js';
import { type CheckInput, eachStep } from './each-step.js';
import { expressionFacts, type StepReference, type VariableRead } from './expression-facts.js';

/** What an expression can read at its place in the run. */
interface Scope {
  /** Variables assigned by steps that ran before. */
  vars: Set<string>;
  /** Steps whose results `$steps.<id>` holds. */
  steps: Set<string>;
  /** forEach `as` names of the loops around. */
  items: Set<string>;
  inLoop: boolean;
}

/** Where in a step an expression sits decides `$result`, `$error` and whether the step sees itself. */
interface Place {
  step?: { id: string; pointer: string };
  result?: boolean;
  error?: boolean;
}

const ALWAYS = new Set(['input', 'steps', 'run']);

/**
 * Walks the workflow in execution order and checks that every `$name` and `$steps.<id>` an expression
 * reads exists at that point: a step's `if` and `args` see what earlier steps assigned, its `assign`
 * also sees `$result`, a parallel branch never sees another branch, and a loop's steps stay inside it.
 */
export async function checkExpressionScope(input: CheckInput): Promise<Problem[]> {
  return new ScopeWalk(input).run();
}

class ScopeWalk {
  private readonly problems: Problem[] = [];
  private readonly assigners = new Map<string, string>();
  private readonly stepPointers = new Map<string, string>();
  private readonly loopItems = new Map<string, string>();

  constructor(private readonly input: CheckInput) {
    for (const { node, pointer } of eachStep(input.workflow.steps)) {
      if (!this.stepPointers.has(node.id)) this.stepPointers.set(node.id, pointer);
      for (const name of assignedNames(node))
        if (!this.assigners.has(name)) this.assigners.set(name, pointer);
      if (node.forEach) this.loopItems.set(node.forEach.as ?? 'item', pointer);
    }
  }

  async run(): Promise<Problem[]> {
    const scope: Scope = { vars: new Set(), steps: new Set(), items: new Set(), inLoop: false };
    await this.walk(this.input.workflow.steps, '/steps', scope);
    await this.checkUnder('/output', scope, {});
    return this.problems;
  }

  private async walk(steps: readonly WorkflowStep[], base: string, scope: Scope): Promise<void> {
    for (const [index, node] of steps.entries()) {
      const pointer = `${base}/${index}`;
      const step = { id: node.id, pointer };
      await this.checkUnder(`${pointer}/if`, scope, { step });
      await this.checkUnder(`${pointer}/args`, scope, { step });
      if (node.forEach) {
        await this.checkUnder(`${pointer}/forEach/items`, scope, { step });
        const body: Scope = {
          vars: new Set(scope.vars),
          steps: new Set(scope.steps),
          items: new Set([...scope.items, node.forEach.as ?? 'item']),
          inLoop: true,
        };
        await this.walk(node.forEach.steps, `${pointer}/forEach/steps`, body);
        // Assignments made in the loop outlive it; its steps' results do not.
        for (const name of body.vars) scope.vars.add(name);
      }
      const branches: Scope[] = [];
      for (const [branch, branchSteps] of (node.parallel ?? []).entries()) {
        const own = { ...scope, vars: new Set(scope.vars), steps: new Set(scope.steps) };
        await this.walk(branchSteps, `${pointer}/parallel/${branch}`, own);
        branches.push(own);
      }
      for (const branch of branches) {
        for (const name of branch.vars) scope.vars.add(name);
        for (const id of branch.steps) scope.steps.add(id);
      }
      await this.checkAssignments(node.assign, `${pointer}/assign`, scope, { step, result: true });
      for (const [handler, spec] of (node.catch ?? []).entries()) {
        await this.checkAssignments(spec.assign, `${pointer}/catch/${handler}/assign`, scope, {
          step,
          result: true,
          error: true,
        });
      }
      for (const name of assignedNames(node)) scope.vars.add(name);
      scope.steps.add(node.id);
    }
  }

  /** Values of one `assign` are set in order, so a later one may read an earlier one. */
  private async checkAssignments(
    values: Record<string, unknown> | undefined,
    pointer: string,
    scope: Scope,
    place: Place,
  ) {
    const vars = new Set(scope.vars);
    for (const name of Object.keys(values ?? {})) {
      await this.checkUnder(`${pointer}/${name}`, { ...scope, vars }, place);
      vars.add(name);
    }
  }

  private async checkUnder(pointer: string, scope: Scope, place: Place): Promise<void> {
    for (const [at, expression] of this.input.expressions) {
      if (isWithin(at, pointer)) await this.checkExpression(at, expression, scope, place);
    }
  }

  private async checkExpression(pointer: string, expression: CompiledExpression, scope: Scope, place: Place) {
    const facts = expressionFacts(expression);
    const reported = new Set<string>();
    for (const read of facts.reads) {
      if (read.name === '' || read.name === '$' || facts.bound.has(read.name) || reported.has(read.name))
        continue;
      const problem = await this.judgeRead(read, pointer, scope, place);
      if (problem === undefined) continue;
      reported.add(read.name);
      this.problems.push(problem);
    }
    if (facts.bound.has('steps')) return;
    for (const reference of facts.stepReferences) {
      const visible = scope.steps.has(reference.id) || (place.result && reference.id === place.step?.id);
      if (!visible) this.problems.push(this.judgeStepReference(reference, pointer, scope, place));
    }
  }

  private async judgeRead(
    read: VariableRead,
    pointer: string,
    scope: Scope,
    place: Place,
  ): Promise<Problem | undefined> {
    const { name } = read;
    const at = { pointer, offset: read.offset };
    if (name === 'eval') {
      return {
        code: 'eval-not-allowed',
        ...at,
        message: '$eval is not allowed in workflow expressions: it would run code built from data, unchecked',
      };
    }
    if (ALWAYS.has(name) || scope.vars.has(name) || scope.items.has(name)) return undefined;
    if (name === 'result' && place.result) return undefined;
    if (name === 'error' && place.error) return undefined;
    if (name === 'index' && scope.inLoop) return undefined;
    const outOfScope = (message: string): Problem => ({ code: 'variable-out-of-scope', ...at, message });
    if (name === 'result')
      return outOfScope(`$result is only set in a step's "assign" and its catch handlers' "assign"`);
    if (name === 'error') return outOfScope(`$error is only set in a catch handler's "assign"`);
    if (name === 'index') return outOfScope('$index is only set inside a forEach');
    if (await isBuiltinFunction(name)) return undefined;
    const loop = this.loopItems.get(name);
    if (loop !== undefined) {
      return outOfScope(`$${name} is the item of the forEach at ${loop} and is only set inside that loop`);
    }
    const assigner = this.assigners.get(name);
    if (assigner !== undefined) {
      const when = {
        self: `this step assigns it in its own "assign", after it runs`,
        encloses: `the step at ${assigner} assigns it after the steps inside it have run`,
        parallel: `the step at ${assigner} assigns it in another parallel branch, which runs at the same time`,
        later: `the step at ${assigner} assigns it later in the run`,
      }[relation(place, assigner)];
      return { code: 'unknown-variable', ...at, message: `$${name} is read before it is assigned: ${when}` };
    }
    const candidates = [...ALWAYS, ...scope.vars, ...scope.items];
    if (place.result) candidates.push('result');
    if (place.error) candidates.push('error');
    if (scope.inLoop) candidates.push('index');
    if (read.called) candidates.push(...(await builtinFunctionNames()));
    return {
      code: 'unknown-variable',
      ...at,
      message: `unknown ${read.called ? 'function' : 'variable'} $${name}${didYouMean(name, candidates, (best) => `$${best}`)}`,
      hint: read.called
        ? 'JSONata functions are listed at https://docs.jsonata.org/overview'
        : 'expressions read $input, $steps.<id>, $run, the forEach item, and variables assigned by earlier steps',
    };
  }

  private judgeStepReference(reference: StepReference, pointer: string, scope: Scope, place: Place): Problem {
    const { id } = reference;
    const problem = (message: string): Problem => ({
      code: 'unknown-step-reference',
      pointer,
      offset: reference.offset,
      message: `$steps.${id} ${message}`,
    });
    const target = this.stepPointers.get(id);
    if (target === undefined)
      return problem(`names no step${didYouMean(id, scope.steps, (best) => `$steps.${best}`)}`);
    if (id === place.step?.id) return problem('is this step itself: its result is $result, in its "assign"');
    const loop = enclosingLoop(target);
    if (loop !== undefined && !isWithin(pointer, loop)) {
      return problem(
        `names a step inside the forEach at ${loop.slice(0, -'/forEach/steps'.length)}, which is not visible outside that loop`,
      );
    }
    const when = {
      self: 'is this step itself',
      encloses: `holds this step and finishes after it`,
      parallel: 'runs in another parallel branch, at the same time as this one',
      later: 'runs later in the run',
    }[relation(place, target)];
    return problem(`is not available here: step "${id}" ${when}`);
  }
}

/** How a step that is not visible relates to the place reading it, from where the two sit in the file. */
function relation(place: Place, target: string): 'self' | 'encloses' | 'parallel' | 'later' {
  const from = parsePointer(place.step?.pointer ?? '/output');
  const to = parsePointer(target);
  let shared = 0;
  while (shared < Math.min(from.length, to.length) && from[shared] === to[shared]) shared++;
  if (to.length === shared) return from.length === shared ? 'self' : 'encloses';
  // Diverging right after "parallel" means two branches of one parallel step.
  return shared > 0 && from[shared - 1] === 'parallel' ? 'parallel' : 'later';
}

function assignedNames(node: WorkflowStep): string[] {
  return [
    ...Object.keys(node.assign ?? {}),
    ...(node.catch ?? []).flatMap((handler) => Object.keys(handler.assign ?? {})),
  ];
}

/** The `…/forEach/steps` pointer of the innermost loop around a step, if any. */
function enclosingLoop(stepPointer: string): string | undefined {
  const at = stepPointer.lastIndexOf('/forEach/steps/');
  return at === -1 ? undefined : stepPointer.slice(0, at + '/forEach/steps'.length);
}
