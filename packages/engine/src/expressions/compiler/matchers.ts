import { checkArraySize, checkStringSize } from '../expression-limits.js';
import { Re2RegExp } from '../re2-regex.js';
import { occurrences, replaceGrowth } from '../replace-growth.js';
import { jsonataError, NotSynchronousError } from './errors.js';
import type { Evaluation } from './evaluation.js';
import { isFunction } from './values.js';

/**
 * JSONata's regex built-ins ($contains, $match, $replace, $split), async there because a matcher may
 * be a lambda: the same code, synchronous, with the engine's bounds of bounded-builtins.ts built in
 * (the clock read at each match, sizes checked before they are built). Parameters keep JSONata's
 * names, which a partial application reads.
 */

interface Focus {
  environment: { base: Evaluation };
  createSequence(...items: unknown[]): unknown[];
}

interface Match {
  match: string;
  start: number;
  end: number;
  groups: Array<string | undefined>;
  next: Function;
}

type Matcher = { apply(self: unknown, args: unknown[]): unknown };

/** One match (or nothing), checked for shape; the clock is read after each, as the engine's `timed` does. */
function evaluateMatcher(focus: Focus, matcher: Matcher, str?: string, onMatch?: (match: Match) => void) {
  const result = matcher.apply(focus, [str]) as any;
  if (result !== null && typeof result === 'object' && typeof result.then === 'function') {
    throw new NotSynchronousError('A matcher function returned a promise');
  }
  if (result && typeof result === 'object') {
    focus.environment.base.guardrails();
    onMatch?.(result as Match);
  }
  if (
    result &&
    !(
      typeof result.start === 'number' ||
      result.end === 'number' ||
      Array.isArray(result.groups) ||
      isFunction(result.next)
    )
  ) {
    throw jsonataError('T1010');
  }
  return result as Match | undefined;
}

function contains(this: Focus, str: string | undefined, token: unknown) {
  if (str === undefined || token === undefined) return undefined;
  if (typeof token === 'string') return str.indexOf(token) !== -1;
  return evaluateMatcher(this, token as Matcher, str) !== undefined;
}

function match(this: Focus, str: string | undefined, regex: Matcher, limit?: number) {
  if (str === undefined) return undefined;
  if ((limit as number) < 0) throw jsonataError('D3040', { value: limit, index: 3 });
  const result = this.createSequence();
  if (limit === undefined || limit > 0) {
    let count = 0;
    let matches = evaluateMatcher(this, regex, str);
    while (matches !== undefined && (limit === undefined || count < limit)) {
      result.push({ match: matches.match, index: matches.start, groups: matches.groups });
      matches = evaluateMatcher(this, matches.next as unknown as Matcher);
      count++;
    }
  }
  return result;
}

function replace(
  this: Focus,
  str: string | undefined,
  pattern: unknown,
  replacement: unknown,
  limit?: number,
) {
  if (str === undefined) return undefined;
  const limits = this.environment.base.limits;
  if (typeof pattern === 'string') {
    if (typeof replacement === 'string' && pattern !== '') {
      const count = occurrences(str, pattern, limit);
      checkStringSize('$replace', str.length + count * (replacement.length - pattern.length), limits);
    }
    return jsonataReplace(this, str, pattern, replacement, limit);
  }
  const growth = replacementGrowth(str, replacement, limits);
  return jsonataReplace(this, str, pattern, growth.replacement, limit, growth.seen);
}

/** JSONata's $replace, each match seen by `onMatch` before it is replaced. */
function jsonataReplace(
  focus: Focus,
  str: string,
  pattern: unknown,
  replacement: unknown,
  limit: number | undefined,
  onMatch?: (match: Match) => void,
) {
  if (pattern === '') throw jsonataError('D3010', { value: pattern, index: 2 });
  if ((limit as number) < 0) throw jsonataError('D3011', { value: limit, index: 4 });
  const replacer =
    typeof replacement === 'string'
      ? (found: Match) => substituted(replacement, found)
      : (replacement as Function);
  let result = '';
  let position = 0;
  if (!(limit === undefined || limit > 0)) return str;
  let count = 0;
  if (typeof pattern === 'string') {
    let index = str.indexOf(pattern, position);
    while (index !== -1 && (limit === undefined || count < limit)) {
      result += str.substring(position, index);
      result += replacement;
      position = index + pattern.length;
      count++;
      index = str.indexOf(pattern, position);
    }
    return result + str.substring(position);
  }
  let matches = evaluateMatcher(focus, pattern as Matcher, str, onMatch);
  if (matches === undefined) return str;
  while (matches !== undefined && (limit === undefined || count < limit)) {
    result += str.substring(position, matches.start);
    const replacedWith = replacer.apply(focus, [matches]);
    if (
      replacedWith !== null &&
      typeof replacedWith === 'object' &&
      typeof replacedWith.then === 'function'
    ) {
      throw new NotSynchronousError('A replacement function returned a promise');
    }
    if (typeof replacedWith !== 'string') throw jsonataError('D3012', { value: replacedWith });
    result += replacedWith;
    position = matches.start + matches.match.length;
    count++;
    matches = evaluateMatcher(focus, matches.next as unknown as Matcher, undefined, onMatch);
  }
  return result + str.substring(position);
}

/** A `$0`, `$1`… template filled from one match, as JSONata reads it. */
function substituted(replacement: string, regexMatch: Match): string {
  let substitute = '';
  let position = 0;
  let index = replacement.indexOf('$', position);
  while (index !== -1 && position < replacement.length) {
    substitute += replacement.substring(position, index);
    position = index + 1;
    const dollarVal = replacement.charAt(position);
    if (dollarVal === '$') {
      substitute += '$';
      position++;
    } else if (dollarVal === '0') {
      substitute += regexMatch.match;
      position++;
    } else {
      const groups = regexMatch.groups.length;
      const maxDigits = groups === 0 ? 1 : Math.floor(Math.log(groups) * Math.LOG10E) + 1;
      index = Number.parseInt(replacement.substring(position, position + maxDigits), 10);
      if (maxDigits > 1 && index > groups) {
        index = Number.parseInt(replacement.substring(position, position + maxDigits - 1), 10);
      }
      if (!Number.isNaN(index)) {
        if (groups > 0) {
          const submatch = regexMatch.groups[index - 1];
          if (submatch !== undefined) substitute += submatch;
        }
        position += index.toString().length;
      } else {
        substitute += '$';
      }
    }
    index = replacement.indexOf('$', position);
  }
  return substitute + replacement.substring(position);
}

/**
 * The size of a regex $replace, tracked as it goes (as bounded-builtins.ts does): each match removes
 * its text and adds its substitute, whose size is known (a function's result) or bounded (a `$1…`
 * template only repeats parts of the match).
 */
function replacementGrowth(text: string, replacement: unknown, limits: Evaluation['limits']) {
  const { seen, grow } = replaceGrowth(text, replacement, limits);
  const counted =
    typeof replacement === 'function'
      ? (...args: unknown[]) => {
          const substitute = (replacement as Function)(...args);
          if (typeof substitute === 'string') grow(substitute.length);
          return substitute;
        }
      : replacement;
  return { seen, replacement: counted };
}

function split(this: Focus, str: string | undefined, separator: unknown, limit?: number) {
  const limits = this.environment.base.limits;
  // Splitting into characters is the one split whose size is known before it is made.
  if (separator === '' && limit === undefined && str !== undefined)
    checkArraySize('$split', str.length, limits);
  const parts = jsonataSplit(this, str, separator, limit);
  if (Array.isArray(parts)) checkArraySize('$split', parts.length, limits);
  return parts;
}

function jsonataSplit(focus: Focus, str: string | undefined, separator: unknown, limit?: number) {
  if (str === undefined) return undefined;
  if ((limit as number) < 0) throw jsonataError('D3020', { value: limit, index: 3 });
  const result: string[] = [];
  if (!(limit === undefined || limit > 0)) return result;
  if (typeof separator === 'string') return str.split(separator, limit);
  let count = 0;
  let matches = evaluateMatcher(focus, separator as Matcher, str);
  if (matches === undefined) return [str];
  let start = 0;
  while (matches !== undefined && (limit === undefined || count < limit)) {
    result.push(str.substring(start, matches.start));
    start = matches.end;
    matches = evaluateMatcher(focus, matches.next as unknown as Matcher);
    count++;
  }
  if (limit === undefined || count < limit) result.push(str.substring(start));
  return result;
}

/** By the name an expression calls them: the synchronous stand-ins for JSONata's async ones. */
export const MATCHERS = { contains, match, replace, split } as const;

/**
 * A regex literal's value (JSONata's `evaluateRegex`): a matcher function over a fresh RE2 regex,
 * whose every match offers the `next` one; a pattern that matches nothing makes no progress (D1004).
 */
export function regexMatcher(regex: RegExp, position: number | undefined): Function {
  const re = new Re2RegExp(regex);
  const closure = (str: string, fromIndex?: number): Match | undefined => {
    re.lastIndex = fromIndex || 0;
    const found = re.exec(str);
    if (found === null) return undefined;
    const result = {
      match: found[0],
      start: found.index,
      end: found.index + found[0].length,
      groups: found.slice(1),
    } as Match;
    result.next = () => {
      if (re.lastIndex >= str.length) return undefined;
      const next = closure(str, re.lastIndex);
      if (next && next.match === '') throw jsonataError('D1004', { position, value: regex.source });
      return next;
    };
    return result;
  };
  return closure;
}
