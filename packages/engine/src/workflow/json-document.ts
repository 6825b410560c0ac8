import { parsePointer, toPointer } from '@toolsteps/sdk/schema';
import type { Node, ParseError } from 'jsonc-parser';
import { jsoncLibrary } from '../validation/jsonc-library.js';
import { MAX_JSON_DEPTH, tooDeepAt } from '../validation/untrusted-json.js';
import type { Diagnostic, Problem } from './diagnostic.js';
import { describeParseError, type KeyProblem, keyProblems } from './json-syntax.js';

/** Syntax errors reported per file: each costs a scan of the text, and the first few tell the story. */
const MAX_SYNTAX_ERRORS = 20;

export type ParsedDocument = { ok: true; document: JsonDocument } | { ok: false; diagnostics: Diagnostic[] };

/** A strictly parsed JSON text that remembers where every value stands, to report line:column. */
export class JsonDocument {
  private readonly lineStarts: number[];

  private constructor(
    readonly text: string,
    readonly root: Node,
    readonly value: unknown,
    readonly file?: string,
  ) {
    this.lineStarts = lineStarts(text);
  }

  /**
   * Strict JSON: comments, trailing commas, repeated keys and `__proto__` are errors, all reported
   * with positions. Nesting is bounded first, since everything after it (parser included) recurses.
   */
  static parse(input: string, file?: string): ParsedDocument {
    const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
    const unparsed = new JsonDocument(text, { type: 'null', offset: 0, length: 0 }, undefined, file);
    const deep = tooDeepAt(text);
    if (deep !== undefined) return { ok: false, diagnostics: [unparsed.tooDeep(deep)] };
    const errors: ParseError[] = [];
    const { parseTree, getNodeValue } = jsoncLibrary();
    const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
    const located = new JsonDocument(text, root ?? unparsed.root, undefined, file);
    if (errors.length > 0 || root === undefined) {
      const found = errors.length > 0 ? errors : [{ error: 4, offset: 0, length: 0 } as ParseError];
      return { ok: false, diagnostics: located.syntaxErrors(found) };
    }
    const keys = keyProblems(root);
    if (keys.length > 0) {
      return {
        ok: false,
        diagnostics: keys.map((problem) =>
          located.diagnosticAt(problem.key.offset, located.keyProblem(problem)),
        ),
      };
    }
    return { ok: true, document: new JsonDocument(text, root, getNodeValue(root), file) };
  }

  private tooDeep(offset: number): Diagnostic {
    return this.diagnosticAt(offset, {
      code: 'too-deep',
      pointer: toPointer(jsoncLibrary().getLocation(this.text, offset).path),
      message: `nested more than ${MAX_JSON_DEPTH} levels deep; no workflow needs that many`,
    });
  }

  /** One diagnostic per place, and only the first few: after a syntax error, later ones are mostly its echoes. */
  private syntaxErrors(errors: readonly ParseError[]): Diagnostic[] {
    const offsets = new Set<number>();
    const diagnostics: Diagnostic[] = [];
    for (const error of errors) {
      if (offsets.has(error.offset)) continue;
      offsets.add(error.offset);
      const { message, offset } = describeParseError(this.text, error);
      const pointer = toPointer(jsoncLibrary().getLocation(this.text, offset).path);
      diagnostics.push(this.diagnosticAt(offset, { code: 'json-syntax', pointer, message }));
      if (diagnostics.length === MAX_SYNTAX_ERRORS) break;
    }
    return diagnostics;
  }

  private keyProblem({ kind, key, pointer, first }: KeyProblem): Omit<Problem, 'locate' | 'at' | 'offset'> {
    if (kind === 'reserved') {
      return {
        code: 'reserved-name',
        pointer,
        message: `"${key.value}" is not allowed as a property name: JavaScript objects treat it specially, so it would be dropped or change the object`,
      };
    }
    const at = this.position(first?.offset ?? 0);
    return {
      code: 'duplicate-key',
      pointer,
      message: `property ${JSON.stringify(key.value)} appears twice (first at ${at.line}:${at.column}); JSON keeps only the last one`,
    };
  }

  /** 1-based line and column (in UTF-16 code units) of an offset into the text. */
  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }

  /** The node a pointer names, or the nearest ancestor that exists (e.g. the object missing a property). */
  node(pointer: string): { node: Node; exact: boolean } {
    let node = this.root;
    for (const segment of parsePointer(pointer)) {
      const child = childOf(node, segment);
      if (child === undefined) return { node, exact: false };
      node = child;
    }
    return { node, exact: true };
  }

  /** Where a problem stands: its property name, its value, or a character inside a string value. */
  offsetOf(problem: Pick<Problem, 'pointer' | 'locate' | 'at' | 'offset'>): number {
    const { node, exact } = this.node(problem.locate ?? problem.pointer);
    if (!exact) return node.offset;
    if (problem.at === 'key' && node.parent?.type === 'property') return node.parent.offset;
    if (problem.offset !== undefined && node.type === 'string')
      return node.offset + 1 + rawIndex(this.text, node, problem.offset);
    return node.offset;
  }

  toDiagnostic(problem: Problem): Diagnostic {
    return this.diagnosticAt(this.offsetOf(problem), problem);
  }

  private diagnosticAt(
    offset: number,
    problem: Pick<Problem, 'code' | 'pointer' | 'message' | 'hint'>,
  ): Diagnostic {
    const diagnostic: Diagnostic = {
      code: problem.code,
      message: problem.message,
      pointer: problem.pointer,
      ...this.position(offset),
    };
    if (this.file !== undefined) diagnostic.file = this.file;
    if (problem.hint !== undefined) diagnostic.hint = problem.hint;
    return diagnostic;
  }
}

/** Each object's properties by name, built on first look-up: finding thousands of problems stays linear. */
const propertyIndex = new WeakMap<Node, Map<string, Node>>();

function childOf(node: Node, segment: string): Node | undefined {
  if (node.type === 'object') {
    let properties = propertyIndex.get(node);
    if (properties === undefined) {
      properties = new Map();
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key !== undefined && value !== undefined && !properties.has(String(key.value)))
          properties.set(String(key.value), value);
      }
      propertyIndex.set(node, properties);
    }
    return properties.get(segment);
  }
  if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(segment)) return node.children?.[Number(segment)];
  return undefined;
}

/** Maps an index into a decoded string value to the index into its raw JSON text (escapes are longer). */
function rawIndex(text: string, node: Node, decodedIndex: number): number {
  const raw = text.slice(node.offset + 1, node.offset + node.length - 1);
  let decoded = 0;
  let index = 0;
  while (index < raw.length && decoded < decodedIndex) {
    index += raw[index] !== '\\' ? 1 : raw[index + 1] === 'u' ? 6 : 2;
    decoded += 1;
  }
  return Math.min(index, raw.length);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) starts.push(index + 1);
  }
  return starts;
}
