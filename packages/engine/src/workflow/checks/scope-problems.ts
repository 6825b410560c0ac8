import { didYouMean, isWithin, parsePointer } from '@toolsteps/sdk/schema';
import type { StepReference, VariableRead } from '../../expressions/expression-facts.js';
import type { Problem } from '../diagnostic.js';
import type { WorkflowStep } from '../workflow-schema.js';
import { builtinFunctionNames, isBuiltinFunction } from './builtin-functions.js';
import type { VisitedStep } from './each-step.js';
import type { ScopeNames } from './scope-names.js';

/** What an expression can read at its place in the run. */
export interface Scope {
  /** Variables assigned by steps that ran before. */
  vars: ScopeNames;
  /** Steps whose states `$steps.<id>` holds. */
  steps: ScopeNames;
  /** forEach `as` names of the loops around. */
  items: ScopeNames;
  inLoop: boolean;
}

/** Where in a step an expression sits: that decides `$result`, `$error`, and whether the step sees itself. */
export interface Place {
  step?: { id: string; pointer: string };
  result?: boolean;
  error?: boolean;
  /** In the step's own `assign` or catch `assign`, which run after its state is recorded. */
  self?: boolean;
  /** The names the `assign` being read sets. */
  assigning?: ReadonlySet<string>;
}

type Relation = 'self' | 'encloses' | 'loop' | 'parallel' | 'later';

const ALWAYS = ['input', 'steps', 'run'];

/**
 * Each did-you-mean scans every name in scope, which grows with the workflow: past this many, a
 * problem is still reported, just without a suggestion, so a file full of typos stays linear to check.
 */
const SUGGESTIONS = 200;

/** Says why a name is not readable where it is read, from where things stand in the workflow. */
export class ScopeProblems {
  private readonly stepPointers = new Map<string, string>();
  private readonly assigners = new Map<string, string>();
  private readonly loopItems = new Map<string, string>();
  private suggestionsLeft = SUGGESTIONS;

  constructor(steps: readonly VisitedStep[]) {
    for (const { node, pointer } of steps) {
      if (!this.stepPointers.has(node.id)) this.stepPointers.set(node.id, pointer);
      for (const name of assignedNames(node))
        if (!this.assigners.has(name)) this.assigners.set(name, pointer);
      if (node.forEach) this.loopItems.set(node.forEach.as ?? 'item', pointer);
    }
  }

  /** Undefined when the read is fine: set in scope, bound by the engine here, or a JSONata function. */
  async read(read: VariableRead, pointer: string, scope: Scope, place: Place): Promise<Problem | undefined> {
    const { name } = read;
    const at = { pointer, offset: read.offset };
    if (name === 'eval') {
      const message =
        '$eval is not allowed in workflow expressions: it would run code built from data, unchecked';
      return { code: 'eval-not-allowed', ...at, message };
    }
    if (ALWAYS.includes(name) || scope.vars.has(name) || scope.items.has(name)) return undefined;
    if (
      (name === 'result' && place.result) ||
      (name === 'error' && place.error) ||
      (name === 'index' && scope.inLoop)
    ) {
      return undefined;
    }
    // `$error(…)` outside a catch handler is JSONata's own function of that name.
    if (read.called && (await isBuiltinFunction(name))) return undefined;
    const outOfScope = (message: string): Problem => ({ code: 'variable-out-of-scope', ...at, message });
    if (name === 'result') {
      return outOfScope(
        `$result is only set in a step's "assign"${place.error ? '; a catch handler gets $error instead' : ''}`,
      );
    }
    if (name === 'error') return outOfScope(`$error is only set in a catch handler's "assign"`);
    if (name === 'index') return outOfScope('$index is only set inside a forEach');
    if (await isBuiltinFunction(name)) return undefined;
    const loop = this.loopItems.get(name);
    if (loop !== undefined)
      return outOfScope(`$${name} is the item of the forEach at ${loop} and is only set inside that loop`);
    const assigner = this.assigners.get(name);
    if (assigner !== undefined) {
      return {
        code: 'unknown-variable',
        ...at,
        message: `$${name} is read before it is assigned: ${this.setter(name, assigner, place)}`,
      };
    }
    let suggestion = '';
    if (this.suggest()) {
      const candidates = [...ALWAYS, ...scope.vars, ...scope.items];
      if (place.result) candidates.push('result');
      if (place.error) candidates.push('error');
      if (scope.inLoop) candidates.push('index');
      if (read.called) candidates.push(...(await builtinFunctionNames()));
      suggestion = didYouMean(name, candidates, (best) => `$${best}`);
    }
    return {
      code: 'unknown-variable',
      ...at,
      message: `unknown ${read.called ? 'function' : 'variable'} $${name}${suggestion}`,
      hint: read.called
        ? 'JSONata functions are listed at https://docs.jsonata.org/overview'
        : 'expressions read $input, $steps.<id>, $run, the forEach item, and variables assigned by earlier steps',
    };
  }

  stepReference(reference: StepReference, pointer: string, scope: Scope, place: Place): Problem {
    const { id } = reference;
    const problem = (message: string): Problem => ({
      code: 'unknown-step-reference',
      pointer,
      offset: reference.offset,
      message: `$steps.${id} ${message}`,
    });
    const target = this.stepPointers.get(id);
    if (target === undefined) {
      const suggestion = this.suggest() ? didYouMean(id, scope.steps, (best) => `$steps.${best}`) : '';
      return problem(`names no step${suggestion}`);
    }
    const loop = enclosingLoop(target);
    return problem(
      {
        self: 'is this step itself: its result is $result, in its "assign"',
        encloses: 'is not available here: it holds this step and finishes after it',
        loop: `names a step inside the forEach at ${loop}, which is not visible outside that loop`,
        parallel: `is not available here: step "${id}" runs in another parallel branch, at the same time as this one`,
        later: `is not available here: step "${id}" runs later in the run`,
      }[relation(place, target)],
    );
  }

  private suggest(): boolean {
    this.suggestionsLeft -= 1;
    return this.suggestionsLeft >= 0;
  }

  private setter(name: string, assigner: string, place: Place): string {
    const relationToReader = relation(place, assigner);
    if (relationToReader === 'self' && place.assigning?.has(name)) {
      return 'this same "assign" sets it, and all its values are computed before any is set';
    }
    return {
      self: `this step assigns it in its own "assign", after it runs`,
      encloses: `the step at ${assigner}, which holds this one, assigns it after its inner steps have run`,
      loop: `the step at ${assigner} assigns it inside the forEach at ${enclosingLoop(assigner)}, and what a loop assigns stays in its iterations`,
      parallel: `the step at ${assigner} assigns it in another parallel branch, which runs at the same time`,
      later: `the step at ${assigner} assigns it later in the run`,
    }[relationToReader];
  }
}

export function assignedNames(node: WorkflowStep): string[] {
  return [
    ...Object.keys(node.assign ?? {}),
    ...(node.catch ?? []).flatMap((handler) => Object.keys(handler.assign ?? {})),
  ];
}

/** How a step that is not visible relates to the place reading it, from where the two sit in the file. */
function relation(place: Place, target: string): Relation {
  const reader = place.step?.pointer ?? '/output';
  if (target === reader) return 'self';
  if (isWithin(reader, target)) return 'encloses';
  const loop = enclosingLoop(target);
  if (loop !== undefined && !isWithin(reader, `${loop}/forEach/steps`)) return 'loop';
  const from = parsePointer(reader);
  const to = parsePointer(target);
  let shared = 0;
  while (shared < Math.min(from.length, to.length) && from[shared] === to[shared]) shared++;
  // Diverging right after "parallel" means two branches of one parallel step.
  return shared > 0 && from[shared - 1] === 'parallel' ? 'parallel' : 'later';
}

/** The pointer of the innermost forEach step around a step, if any. */
function enclosingLoop(stepPointer: string): string | undefined {
  const at = stepPointer.lastIndexOf('/forEach/steps/');
  return at === -1 ? undefined : stepPointer.slice(0, at);
}
