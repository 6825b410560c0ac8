import { createDistinct } from './bounded-distinct.js';
import { codePointLength, sliceCodePoints } from './code-points.js';
import { matchingOnRe2 } from './date-pattern-on-re2.js';
import {
  checkArraySize,
  checkStringSize,
  ExpressionLimitError,
  type ExpressionLimits,
  WORK_LIMITS,
} from './expression-limits.js';
import { jsonataLibrary } from './jsonata-library.js';
import { occurrences, replaceGrowth } from './replace-growth.js';

/**
 * Bounded versions of the JSONata built-ins that can allocate in proportion to an argument rather
 * than to their input. Bound on each compiled expression, they shadow the built-ins of the same
 * name, keep their signatures, and check sizes before allocating: a check per call, none per node.
 * The regex built-ins ($match, $contains, $split, $replace) also check the timeout at each match.
 *
 * $length, $substring and $pad count code points without JSONata's array of one string per
 * character; $uppercase and $lowercase (which can triple a string) check their result; $distinct is
 * hashed (JSONata's is quadratic); $formatNumber, $formatInteger, $parseInteger, $fromMillis, $now
 * and $toMillis refuse pictures over 1,000 characters (JSONata parses them in quadratic time, inside
 * one call the timeout never sees). $toMillis matches its value to the pattern its picture makes on
 * RE2, not on a backtracking engine (see `matchingOnRe2`); $parseInteger never matches a pattern.
 *
 * Bounded by their input (so left as they are): $trim, $keys, $lookup, $spread, $merge, $each,
 * $zip (as long as its shortest argument), $reverse, $sort, $shuffle, $base64decode, $decodeUrl*,
 * $formatBase (at most 1,100 characters), $formatNumber and $formatInteger (as long as their
 * picture, or the number's digits and words; Roman numerals of huge numbers hit the stack limit, a
 * clear error). Arrays built by $map,
 * $filter, $match, $append, paths, [..] ranges and array constructors go through JSONata's own
 * `sequence` limit, set to `maxArrayLength`.
 */

type Limits = Required<ExpressionLimits>;
type Implementation = (this: Focus, ...args: any[]) => unknown;
type Matcher = (this: unknown, ...args: unknown[]) => unknown;

interface NativeFunction {
  _jsonata_function: true;
  implementation: Implementation;
  signature?: unknown;
}

/** What JSONata passes as `this` to a built-in. */
interface Focus {
  environment: { base: { timestamp: Date; guardrails(): void } };
  createSequence(): unknown[];
}

interface RegexMatch {
  match: string;
  start: number;
  groups: Array<string | undefined>;
  next?: Matcher;
}

const WRAPPED = [
  'pad',
  'join',
  'split',
  'match',
  'contains',
  'string',
  'replace',
  'base64encode',
  'encodeUrl',
  'encodeUrlComponent',
  'fromMillis',
  'now',
  'clone',
  'length',
  'substring',
  'uppercase',
  'lowercase',
  'formatNumber',
  'formatInteger',
  'parseInteger',
  'toMillis',
  'distinct',
] as const;
type Wrapped = (typeof WRAPPED)[number];

let originals: Record<Wrapped, NativeFunction> | undefined;
let loading: Promise<void> | undefined;

/**
 * JSONata hands out its built-ins only through an (async) evaluation: fetched once, before the first
 * evaluation, not at import (JSONata itself loads with the first expression).
 */
export function loadBuiltins(): Promise<void> {
  loading ??= Promise.resolve(
    jsonataLibrary()(`{${WRAPPED.map((name) => `"${name}": $${name}`).join(', ')}}`).evaluate({}),
  ).then((found) => {
    originals = found as Record<Wrapped, NativeFunction>;
  });
  return loading;
}

export function builtinsLoaded(): boolean {
  return originals !== undefined;
}

function original(name: Wrapped): NativeFunction {
  if (!originals) throw new Error('JSONata built-ins are not loaded yet: await loadBuiltins() first');
  return originals[name];
}

/** A built-in with JSONata's own signature (so argument checks and context binding stay) over `run`. */
function bounded(
  name: Wrapped,
  run: (this: Focus, call: Implementation, ...args: any[]) => unknown,
): NativeFunction {
  const implementation = function (this: Focus, ...args: unknown[]) {
    return run.call(this, original(name).implementation, ...args);
  };
  // JSONata partially applies a built-in (`$substring(?, 0, 2)`) by the parameter names it reads
  // from its source: the original's, not this wrapper's `...args`.
  implementation.toString = () => original(name).implementation.toString();
  return {
    _jsonata_function: true,
    implementation,
    // Read at each call: the originals arrive before the first evaluation.
    get signature() {
      return original(name).signature;
    },
  };
}

type BoundedBuiltins = Record<Wrapped, NativeFunction>;

/** One record per distinct limits, shared by every expression compiled with them. */
const shared = new Map<string, BoundedBuiltins>();

export function boundedBuiltins(limits: Limits): BoundedBuiltins {
  const key = `${limits.timeoutMs}/${limits.maxDepth}/${limits.maxStringLength}/${limits.maxArrayLength}`;
  let builtins = shared.get(key);
  if (!builtins) {
    builtins = createBoundedBuiltins(limits);
    shared.set(key, builtins);
  }
  return builtins;
}

function createBoundedBuiltins(limits: Limits): BoundedBuiltins {
  const string = (builder: string, value: unknown, prettify = false) =>
    stringWithin(builder, value, limits, prettify);
  const distinct = createDistinct(limits);
  const checkedResult = (builder: string, result: unknown) => {
    if (typeof result === 'string') checkStringSize(builder, result.length, limits);
    return result;
  };
  const checkPictureWidth = (builder: string, picture: unknown) => {
    if (typeof picture === 'string') checkStringSize(builder, dateTimePictureWidth(picture), limits);
  };
  const checkPictureLength = (builder: string, picture: unknown) => {
    if (typeof picture === 'string' && picture.length > WORK_LIMITS.maxPictureLength) {
      const limit = WORK_LIMITS.maxPictureLength;
      throw new ExpressionLimitError(builder, 'picture', picture.length, limit);
    }
  };
  const caseMapped = (builder: string, text: string | undefined, map: (text: string) => string) =>
    // Case mapping can triple a string ("ΐ" is "Ϊ́" in upper case): checked before anything reads it.
    text === undefined ? undefined : (checkedResult(builder, map(text)) as string);

  return {
    pad: bounded('pad', (_pad, text: string | undefined, width: number, char?: string) =>
      padded(text, width, char, limits),
    ),
    length: bounded('length', (_length, text: string | undefined) =>
      text === undefined ? undefined : codePointLength(text),
    ),
    substring: bounded('substring', (_substring, text: string | undefined, start: number, length?: number) =>
      substringOf(text, start, length),
    ),
    uppercase: bounded('uppercase', (_uppercase, text: string | undefined) =>
      caseMapped('$uppercase', text, (value) => value.toUpperCase()),
    ),
    lowercase: bounded('lowercase', (_lowercase, text: string | undefined) =>
      caseMapped('$lowercase', text, (value) => value.toLowerCase()),
    ),
    formatNumber: bounded(
      'formatNumber',
      function (format, value: unknown, picture: unknown, options?: unknown) {
        checkPictureLength('$formatNumber', picture);
        return format.call(this, value, picture, options);
      },
    ),
    formatInteger: bounded('formatInteger', function (format, value: unknown, picture: unknown) {
      checkPictureLength('$formatInteger', picture);
      return format.call(this, value, picture);
    }),
    parseInteger: bounded('parseInteger', function (parse, value: unknown, picture: unknown) {
      checkPictureLength('$parseInteger', picture);
      return parse.call(this, value, picture);
    }),
    toMillis: bounded('toMillis', function (toMillis, value: unknown, picture?: unknown) {
      // Without a picture, one fixed ISO 8601 pattern with no ambiguity reads the value.
      if (typeof picture !== 'string') return toMillis.call(this, value, picture);
      checkPictureLength('$toMillis', picture);
      return matchingOnRe2('$toMillis', picture, () => toMillis.call(this, value, picture));
    }),
    distinct: bounded('distinct', function (_distinct, items: unknown) {
      return distinct.call(this, items);
    }),
    join: bounded('join', function (join, strings: string[] | undefined, separator?: string) {
      if (Array.isArray(strings)) {
        let size = Math.max(0, strings.length - 1) * (separator?.length ?? 0);
        for (const item of strings) size += typeof item === 'string' ? item.length : 0;
        checkStringSize('$join', size, limits);
      }
      return join.call(this, strings, separator);
    }),
    split: bounded(
      'split',
      async function (split, text: string | undefined, separator: unknown, limit?: number) {
        // Splitting into characters is the one split whose size is known before it is made.
        if (separator === '' && limit === undefined && text !== undefined)
          checkArraySize('$split', text.length, limits);
        const parts = await split.call(this, text, timed(this, separator), limit);
        if (Array.isArray(parts)) checkArraySize('$split', parts.length, limits);
        return parts;
      },
    ),
    match: bounded('match', function (match, text: unknown, pattern: unknown, limit?: number) {
      return match.call(this, text, timed(this, pattern), limit);
    }),
    contains: bounded('contains', function (contains, text: unknown, token: unknown) {
      return contains.call(this, text, timed(this, token));
    }),
    string: bounded('string', (_string, value: unknown, prettify?: boolean) =>
      string('$string', value, prettify),
    ),
    replace: bounded(
      'replace',
      function (replace, text: string | undefined, pattern: unknown, replacement: unknown, limit?: number) {
        if (text === undefined) return replace.call(this, text, pattern, replacement, limit);
        if (typeof pattern === 'string') {
          if (typeof replacement === 'string' && pattern !== '') {
            const count = occurrences(text, pattern, limit);
            checkStringSize('$replace', text.length + count * (replacement.length - pattern.length), limits);
          }
          return replace.call(this, text, pattern, replacement, limit);
        }
        const growth = replacementGrowth(text, replacement, limits);
        return replace.call(this, text, timed(this, pattern, growth.seen), growth.replacement, limit);
      },
    ),
    // Sizes known before encoding: one byte per UTF-16 unit (JSONata encodes 'binary'), four per three.
    base64encode: bounded('base64encode', function (encode, text: unknown) {
      if (typeof text === 'string') checkStringSize('$base64encode', Math.ceil(text.length / 3) * 4, limits);
      return encode.call(this, text);
    }),
    // At most `%XX` per UTF-8 byte.
    encodeUrl: bounded('encodeUrl', function (encode, text: unknown) {
      if (typeof text === 'string') checkStringSize('$encodeUrl', 3 * Buffer.byteLength(text), limits);
      return encode.call(this, text);
    }),
    encodeUrlComponent: bounded('encodeUrlComponent', function (encode, text: unknown) {
      if (typeof text === 'string')
        checkStringSize('$encodeUrlComponent', 3 * Buffer.byteLength(text), limits);
      return encode.call(this, text);
    }),
    fromMillis: bounded(
      'fromMillis',
      function (fromMillis, millis: unknown, picture?: unknown, timezone?: unknown) {
        checkPictureLength('$fromMillis', picture);
        checkPictureWidth('$fromMillis', picture);
        return checkedResult('$fromMillis', fromMillis.call(this, millis, picture, timezone));
      },
    ),
    // JSONata's $now formats through fromMillis with the evaluation's timestamp; do the same, bounded.
    now: bounded('now', function (_now, picture?: unknown, timezone?: unknown) {
      checkPictureLength('$now', picture);
      checkPictureWidth('$now', picture);
      const millis = this.environment.base.timestamp.getTime();
      return checkedResult(
        '$now',
        original('fromMillis').implementation.call(this, millis, picture, timezone),
      );
    }),
    // A transform (`~> |…|…|`) deep-copies its input by printing it: bounded like $string.
    clone: bounded('clone', (_clone, value: unknown) =>
      value === undefined ? undefined : JSON.parse(string('a transform', value) as string),
    ),
  };
}

/** `$string(value)`, refused before printing when its text would be over the limit. */
export function stringWithin(
  builder: string,
  value: unknown,
  limits: Limits,
  prettify = false,
): string | undefined {
  if (typeof value === 'string' || value === undefined) return value;
  if (typeof value === 'object' && value !== null) {
    checkStringSize(builder, jsonSizeAtLeast(value, limits.maxStringLength, prettify), limits, true);
  }
  return original('string').implementation.call(undefined as never, value, prettify) as string;
}

/**
 * Tracks the size of a regex $replace as it goes: each match removes its text and adds its
 * substitute, whose size is known (a function's result) or bounded (a `$1…` template can only
 * repeat the match, as RE2 groups lie inside it).
 */
function replacementGrowth(text: string, replacement: unknown, limits: Limits) {
  const { seen, grow } = replaceGrowth(text, replacement, limits);
  const replacement_ =
    typeof replacement === 'function'
      ? async (...args: unknown[]) => {
          const substitute = await (replacement as Matcher)(...args);
          if (typeof substitute === 'string') grow(substitute.length);
          return substitute;
        }
      : replacement;
  return { seen, replacement: replacement_ };
}

/**
 * A regex loop ($match, $split, $replace, $contains) runs inside one built-in call, out of reach of
 * JSONata's timeout check at each node: the check is made at each match instead.
 */
function timed(focus: Focus, pattern: unknown, onMatch?: (match: RegexMatch) => void): unknown {
  if (typeof pattern !== 'function') return pattern;
  return observeMatches(pattern as Matcher, (match) => {
    focus.environment.base.guardrails();
    onMatch?.(match);
  });
}

/** A matcher (a regex, or a function acting as one) whose every match `onMatch` sees first. */
function observeMatches(matcher: Matcher, onMatch: (match: RegexMatch) => void): Matcher {
  return function (this: unknown, ...args: unknown[]) {
    const found = matcher.apply(this, args);
    const tap = (match: unknown) => {
      if (!match || typeof match !== 'object') return match;
      const result = match as RegexMatch;
      onMatch(result);
      return typeof result.next === 'function'
        ? { ...result, next: observeMatches(result.next, onMatch) }
        : result;
    };
    return found instanceof Promise ? found.then(tap) : tap(found);
  };
}

/** Most characters a marker without a width writes (a month or a year in words, a time zone…). */
const MARKER_TEXT = 64;

/**
 * At most how long a date-time picture's result is: its literal text, plus for each marker the
 * widest of its `,min-max` width modifier (JSONata pads every marker to it) and MARKER_TEXT.
 */
function dateTimePictureWidth(picture: string): number {
  let width = picture.length;
  for (const marker of picture.match(/\[[^\]]*\]/g) ?? []) {
    width -= marker.length;
    let widest = MARKER_TEXT;
    if (marker.includes(',')) {
      const modifier = marker.slice(marker.lastIndexOf(',') + 1);
      for (const digits of modifier.match(/\d+/g) ?? []) widest = Math.max(widest, Number(digits));
    }
    width += widest;
  }
  return width;
}

/** JSONata's $pad, counting code points without splitting the text into an array. */
function padded(text: string | undefined, width: number, char: string | undefined, limits: Limits) {
  if (text === undefined) return undefined;
  const filler = char === undefined || char.length === 0 ? ' ' : char;
  const missing = Math.abs(Math.trunc(width)) - codePointLength(text);
  if (!(missing > 0)) return text;
  // At least one UTF-16 unit per missing code point; an astral filler's two are checked once built.
  checkStringSize('$pad', text.length + missing, limits);
  const repeated = filler.repeat(Math.ceil(missing / codePointLength(filler)));
  const padding = filler.length > 1 ? sliceCodePoints(repeated, 0, missing) : repeated;
  checkStringSize('$pad', text.length + padding.length, limits);
  return width > 0 ? text + padding : padding + text;
}

/** JSONata's $substring (in code points, negative start from the end), without its array. */
function substringOf(text: string | undefined, start: number, length?: number) {
  if (text === undefined) return undefined;
  const total = codePointLength(text);
  const from = total + start < 0 ? 0 : start;
  if (length === undefined) return sliceCodePoints(text, from);
  if (length <= 0) return '';
  return sliceCodePoints(text, from, from >= 0 ? from + length : total + from + length);
}

/**
 * About the length of the JSON text of `value`, counted only until it passes `budget`, so that a
 * value sharing one object many times (whose text is exponentially larger than its memory) is
 * measured quickly.
 */
export function jsonSizeAtLeast(value: unknown, budget: number, prettify = false): number {
  let size = 0;
  const visit = (item: unknown, depth: number): void => {
    if (size > budget) return;
    if (prettify) size += 2 * depth + 1;
    if (typeof item === 'string') size += item.length + 2;
    // A function is written as "" (as $string writes it); its closure holds its scope, maybe itself.
    else if (isFunctionValue(item)) size += 2;
    else if (Array.isArray(item)) {
      size += 1 + item.length;
      for (const element of item) visit(element, depth + 1);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        size += key.length + 4;
        visit(element, depth + 1);
      }
      size += 2;
    } else size += 4;
  };
  visit(value, 0);
  return size;
}

/** A JavaScript function, a JSONata lambda or a native function object: values, not data. */
function isFunctionValue(item: unknown): boolean {
  if (typeof item === 'function') return true;
  if (item === null || typeof item !== 'object') return false;
  const marked = item as { _jsonata_lambda?: unknown; _jsonata_function?: unknown };
  return marked._jsonata_lambda === true || marked._jsonata_function === true;
}
