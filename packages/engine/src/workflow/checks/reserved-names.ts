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

/**
 * Names every JavaScript object already answers to: as a key of the objects that hold variables
 * and step states, one would be dropped, change the object, or read an inherited value.
 */
export const OBJECT_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** `assign` names (catch handlers' included), forEach `as` names and step ids must not clash with either. */
export function checkReservedNames({ workflow }: CheckInput): Problem[] {
  const problems: Problem[] = [];
  const reserved = (pointer: string, name: string, what: string): Problem => ({
    code: 'reserved-name',
    pointer,
    at: what === 'variable' ? 'key' : 'value',
    message: OBJECT_NAMES.has(name)
      ? `"${name}" is reserved (every JavaScript object has it) and cannot be used as a ${what} name`
      : `"${name}" is reserved ($${name} is set by the engine) and cannot be used as a ${what} name`,
    hint: `reserved ${what} names: ${[...(what === 'step' ? [] : RESERVED_NAMES), ...OBJECT_NAMES].join(', ')}`,
  });
  const isReserved = (name: string) => RESERVED_NAMES.has(name) || OBJECT_NAMES.has(name);
  for (const { node, pointer } of eachStep(workflow.steps)) {
    if (OBJECT_NAMES.has(node.id)) problems.push(reserved(`${pointer}/id`, node.id, 'step'));
    const assignments: Array<[string, Record<string, unknown> | undefined]> = [
      [`${pointer}/assign`, node.assign],
      ...(node.catch ?? []).map((handler, index): [string, Record<string, unknown> | undefined] => [
        `${pointer}/catch/${index}/assign`,
        handler.assign,
      ]),
    ];
    for (const [at, values] of assignments) {
      for (const name of Object.keys(values ?? {})) {
        if (isReserved(name)) problems.push(reserved(`${at}/${name}`, name, 'variable'));
      }
    }
    const as = node.forEach?.as;
    if (as !== undefined && isReserved(as)) problems.push(reserved(`${pointer}/forEach/as`, as, 'loop item'));
  }
  return problems;
}
