import type { Problem } from '../diagnostic.js';
import { type CheckInput, eachStep } from './each-step.js';

/** Names the engine binds itself; a variable of the same name would hide them. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  'input',
  'steps',
  'run',
  'result',
  'index',
  'error',
]);

/** `assign` names (catch handlers' included) and forEach `as` names must not shadow the engine's own. */
export function checkReservedNames({ workflow }: CheckInput): Problem[] {
  const problems: Problem[] = [];
  const reserved = (pointer: string, name: string, what: string): Problem => ({
    code: 'reserved-name',
    pointer,
    at: what === 'variable' ? 'key' : 'value',
    message: `"${name}" is reserved ($${name} is set by the engine) and cannot be used as a ${what} name`,
    hint: `reserved names: ${[...RESERVED_NAMES].join(', ')}`,
  });
  for (const { node, pointer } of eachStep(workflow.steps)) {
    const assignments: Array<[string, Record<string, unknown> | undefined]> = [
      [`${pointer}/assign`, node.assign],
      ...(node.catch ?? []).map((handler, index): [string, Record<string, unknown> | undefined] => [
        `${pointer}/catch/${index}/assign`,
        handler.assign,
      ]),
    ];
    for (const [at, values] of assignments) {
      for (const name of Object.keys(values ?? {})) {
        if (RESERVED_NAMES.has(name)) problems.push(reserved(`${at}/${name}`, name, 'variable'));
      }
    }
    const as = node.forEach?.as;
    if (as !== undefined && RESERVED_NAMES.has(as))
      problems.push(reserved(`${pointer}/forEach/as`, as, 'loop item'));
  }
  return problems;
}
