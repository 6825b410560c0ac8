import { toPointer } from '@toolsteps/sdk/schema';
import type { Node, ParseError } from 'jsonc-parser';
import { jsoncLibrary } from '../validation/jsonc-library.js';
import { UNSAFE_KEYS } from '../validation/untrusted-json.js';

const MESSAGES: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":" after the property name',
  CommaExpected: 'expected "," between items',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the array',
  EndOfFileExpected: 'unexpected text after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed: workflow files are strict JSON',
  UnexpectedEndOfComment: 'comments are not allowed: workflow files are strict JSON',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid \\u escape in string',
  InvalidEscapeCharacter: 'invalid escape in string',
  InvalidCharacter: 'control characters must be escaped in strings',
};

/** A jsonc-parser error as a sentence, and the offset that best shows it (a trailing comma, not the brace after it). */
export function describeParseError(text: string, error: ParseError): { message: string; offset: number } {
  const name = jsoncLibrary().printParseErrorCode(error.error);
  if (text.trim() === '') return { message: 'the file is empty: expected a JSON object', offset: 0 };
  if (name === 'PropertyNameExpected' || name === 'ValueExpected') {
    const before = text.slice(0, error.offset).trimEnd();
    const closing = text[error.offset];
    if (before.endsWith(',') && (closing === '}' || closing === ']')) {
      return { message: 'trailing commas are not allowed in JSON', offset: before.length - 1 };
    }
  }
  const found = text.slice(error.offset, error.offset + Math.max(1, Math.min(error.length, 20)));
  const message = MESSAGES[name] ?? name;
  const showFound = name === 'InvalidSymbol' || name === 'ValueExpected' || name === 'CommaExpected';
  return {
    message: showFound && found.trim() !== '' ? `${message}, found ${JSON.stringify(found)}` : message,
    offset: error.offset,
  };
}

export interface KeyProblem {
  kind: 'duplicate' | 'reserved';
  key: Node;
  /** For a duplicate: the first occurrence. */
  first?: Node;
  /** Pointer of the property. */
  pointer: string;
}

/**
 * Keys JavaScript would not keep as written, in every object of the tree, in file order: a key
 * repeated in one object (JSON.parse keeps the last) and `__proto__` (dropped when copied).
 */
export function keyProblems(root: Node): KeyProblem[] {
  const found: KeyProblem[] = [];
  // One path, pushed and popped: a pointer is only built for a key that has a problem.
  const path: Array<string | number> = [];
  const visit = (node: Node) => {
    if (node.type === 'object') {
      const seen = new Map<string, Node>();
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key === undefined) continue;
        const name = String(key.value);
        const first = seen.get(name);
        if (UNSAFE_KEYS.has(name)) found.push({ kind: 'reserved', key, pointer: toPointer([...path, name]) });
        else if (first) found.push({ kind: 'duplicate', key, first, pointer: toPointer([...path, name]) });
        else seen.set(name, key);
        if (value === undefined) continue;
        path.push(name);
        visit(value);
        path.pop();
      }
    } else if (node.type === 'array') {
      for (const [index, child] of (node.children ?? []).entries()) {
        path.push(index);
        visit(child);
        path.pop();
      }
    }
  };
  visit(root);
  return found;
}
