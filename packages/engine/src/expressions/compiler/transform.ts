import { jsonataError } from './errors.js';
import type { Evaluation } from './evaluation.js';
import type { Frame } from './frame.js';
import { parseJsonata, type Signature } from './natives.js';
import { child, type JsonataNode, type NodeCompiler } from './node-compiler.js';
import { apply, type Evaluator } from './procedures.js';
import { isArrayOfStrings, isFunction, keysOf } from './values.js';

let transformSignature: Signature | undefined;

/** `<(oa):o>`, the signature JSONata gives a transform, parsed by JSONata. */
function signature(): Signature {
  transformSignature ??= (parseJsonata('function($o)<(oa):o>{0}') as { signature: Signature }).signature;
  return transformSignature;
}

/**
 * `| pattern | update, delete |`, as JSONata's evaluateTransformExpression: a function that copies its
 * argument with the `$clone` in scope where it was written, then on each match of the pattern in the
 * copy merges the update's fields and removes the fields named to delete. Its parts run one level
 * below whatever calls it, as the body of a lambda does.
 */
export function compileTransform(node: JsonataNode, compiler: NodeCompiler): Evaluator {
  const pattern = compiler.node(child(node, 'pattern'), 1);
  const update = compiler.node(child(node, 'update'), 1);
  const deletion = node.delete === undefined ? undefined : compiler.node(child(node, 'delete'), 1);
  const position = node.position;
  const updatePosition = child(node, 'update').position;
  const deletePosition = node.delete === undefined ? undefined : child(node, 'delete').position;
  return (_input, frame, evaluation) => {
    const transformer = (obj: unknown) => transformed(obj, frame, evaluation);
    return { _jsonata_function: true, implementation: transformer, signature: signature() };
  };

  function transformed(obj: unknown, frame: Frame, evaluation: Evaluation): unknown {
    if (obj === undefined) return undefined;
    const clone = frame.lookup('clone');
    if (!isFunction(clone)) throw jsonataError('T2013', { position });
    const result = apply(clone, [obj], null, evaluation);
    let matches = pattern(result, frame, evaluation);
    if (matches === undefined) return result;
    if (!Array.isArray(matches)) matches = [matches];
    for (const match of matches as any[]) {
      evaluation.tick();
      const changes = update(match, frame, evaluation);
      if (changes !== undefined) {
        if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
          throw jsonataError('T2011', { position: updatePosition, value: changes });
        }
        for (const prop of keysOf(changes)) match[prop] = (changes as Record<string, unknown>)[prop];
      }
      if (deletion === undefined) continue;
      let deletions = deletion(match, frame, evaluation);
      if (deletions === undefined) continue;
      const value = deletions;
      if (!Array.isArray(deletions)) deletions = [deletions];
      if (!isArrayOfStrings(deletions)) throw jsonataError('T2012', { position: deletePosition, value });
      for (const name of deletions as string[]) {
        if (typeof match === 'object' && match !== null) delete match[name];
      }
    }
    return result;
  }
}
