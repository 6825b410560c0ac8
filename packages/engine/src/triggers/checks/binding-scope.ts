import type { AnyTrigger } from '@toolsteps/sdk';
import { didYouMean } from '@toolsteps/sdk/schema';
import { expressionFacts, type VariablePath } from '../../expressions/expression-facts.js';
import { builtinFunctionNames, isBuiltinFunction } from '../../workflow/checks/builtin-functions.js';
import { followSchemaPath, noFieldsIn } from '../../workflow/checks/schema-path.js';
import type { Problem } from '../../workflow/diagnostic.js';
import type { BindingCheckInput } from './binding-check-input.js';
import { contextReads } from './context-reads.js';

/** What a binding's expressions read: the trigger's event, and the binding itself. */
export const BINDING_NAMES = ['event', 'binding'] as const;

/** `$binding`'s fields: what the file says, so a mapping can pass on what the binding watches. */
const BINDING_FIELDS = ['id', 'trigger', 'account', 'config'];

const IN_A_RUN = new Set(['steps', 'run', 'result', 'error', 'index']);

const HINT =
  "a binding's expressions read $event (the trigger's event) and $binding (its id, trigger, account and config)";

/**
 * Every `$name` a binding's expressions read is `$event`, `$binding`, a JSONata function or bound by
 * the expression itself; every `$event.a.b` path is one the trigger's event schema declares (and
 * `$binding.config.x` one its config schema does); nothing reads the empty context (`issue.title`).
 */
export async function checkBindingScope({ expressions, trigger }: BindingCheckInput): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const [pointer, expression] of expressions) {
    const facts = expressionFacts(expression);
    const reported = new Set<string>();
    for (const read of facts.reads) {
      const { name } = read;
      if (name === '' || name === '$' || facts.bound.has(name) || reported.has(name)) continue;
      if ((BINDING_NAMES as readonly string[]).includes(name)) continue;
      const at = { pointer, offset: read.offset };
      if (name === 'eval') {
        reported.add(name);
        problems.push({
          code: 'eval-not-allowed',
          ...at,
          message:
            '$eval is not allowed in binding expressions: it would run code built from data, unchecked',
        });
        continue;
      }
      if (await isBuiltinFunction(name)) continue;
      reported.add(name);
      problems.push({ code: 'unknown-variable', ...at, ...(await unknownName(name, read.called)) });
    }
    if (trigger !== undefined)
      problems.push(...pathProblems(facts.variablePaths, facts.bound, pointer, trigger));
    for (const read of contextReads(expression)) {
      problems.push({
        code: 'context-read',
        pointer,
        offset: read.offset,
        message: `"${read.name}" reads the expression's context, which is empty in a binding: write $event.${read.name}`,
        hint: HINT,
      });
    }
  }
  return problems;
}

async function unknownName(name: string, called: boolean): Promise<{ message: string; hint: string }> {
  if (name === 'input') {
    return {
      message: `$input is not set in a binding: what "input" yields becomes the workflow's $input`,
      hint: HINT,
    };
  }
  if (IN_A_RUN.has(name))
    return { message: `$${name} is only set inside a workflow run, not in a binding`, hint: HINT };
  const candidates: string[] = [...BINDING_NAMES];
  if (called) candidates.push(...(await builtinFunctionNames()));
  return {
    message: `unknown ${called ? 'function' : 'variable'} $${name}${didYouMean(name, candidates, (best) => `$${best}`)}`,
    hint: called ? 'JSONata functions are listed at https://docs.jsonata.org/overview' : HINT,
  };
}

function pathProblems(
  paths: readonly VariablePath[],
  bound: ReadonlySet<string>,
  pointer: string,
  trigger: AnyTrigger,
): Problem[] {
  const problems: Problem[] = [];
  for (const path of paths) {
    if (bound.has(path.variable) || path.fields.length === 0) continue;
    const problem =
      path.variable === 'event'
        ? schemaPathProblem(path, 0, trigger.event, `the event of ${trigger.id}`, pointer, trigger.id)
        : path.variable === 'binding'
          ? bindingPathProblem(path, trigger, pointer)
          : undefined;
    if (problem) problems.push(problem);
  }
  return problems;
}

function bindingPathProblem(path: VariablePath, trigger: AnyTrigger, pointer: string): Problem | undefined {
  const [first, second] = path.fields;
  if (first.name === 'config')
    return schemaPathProblem(path, 1, trigger.config, `the config of ${trigger.id}`, pointer, trigger.id);
  if (!BINDING_FIELDS.includes(first.name)) {
    return {
      code: 'unknown-event-path',
      pointer,
      offset: first.offset,
      message: `$binding has no "${first.name}"${didYouMean(first.name, BINDING_FIELDS)} (it has ${BINDING_FIELDS.join(', ')})`,
    };
  }
  if (second === undefined) return undefined;
  return {
    code: 'unknown-event-path',
    pointer,
    offset: second.offset,
    message: `$binding.${first.name} is a string: it has no "${second.name}"`,
  };
}

/** The path's fields from `from` on, against `schema`; `what` names the schema in the message. */
function schemaPathProblem(
  path: VariablePath,
  from: number,
  schema: unknown,
  what: string,
  pointer: string,
  triggerId: string,
): Problem | undefined {
  const fields = path.fields.slice(from);
  const found = followSchemaPath(
    schema,
    fields.map((field) => field.name),
  );
  if (found.ok) return undefined;
  const field = fields[found.index];
  const parent = [
    `$${path.variable}`,
    ...path.fields.slice(0, from + found.index).map((each) => each.name),
  ].join('.');
  const message =
    found.scalar !== undefined
      ? noFieldsIn(parent, found.scalar, found.inList, field.name)
      : `${parent} has no "${field.name}" in ${what}${didYouMean(field.name, found.known)}`;
  const hint = `\`toolsteps describe ${triggerId}\` shows its config and event schemas and a sample event`;
  return { code: 'unknown-event-path', pointer, offset: field.offset, message, hint };
}
