import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

/**
 * Regular expressions of workflow expressions and patterns of JSON Schemas run on RE2 (through
 * re2js): matching takes time linear in the input, so a pattern such as /(a+)+$/ cannot backtrack
 * for hours inside one synchronous call, where no timeout could stop it. Linear, but by the size of
 * the compiled program too: `((a|b){1,999})(.*)$` is 4,004 instructions, and one search of 100,000
 * characters took 20 s. So programs are capped at load, and each search's program size × text
 * length before it runs.
 */

/** Fixed ceilings on a regex, far beyond any real use (see `WORK_LIMITS` of expressions). */
export const REGEX_LIMITS = {
  /** Instructions of a compiled regex (`(a|b){1,999}` is 4,004), refused at load. */
  maxRegexProgram: 10_000,
  /** Program size × text length of one regex search: about 2 s at worst. */
  maxRegexWork: 100_000_000,
} as const;

/** Why RE2 refuses a pattern, for the features authors most often reach for. */
const UNSUPPORTED: Array<[RegExp, string]> = [
  [/\(\?<[=!]/, 'a lookbehind ((?<= or (?<!)'],
  [/\(\?[=!]/, 'a lookahead ((?= or (?!)'],
  [/\\[1-9]|\\k</, 'a backreference (\\1 or \\k<name>)'],
];

const compiled = new WeakMap<RegExp, RE2JS>();

let re2js: typeof RE2JS | undefined;

/** re2js loads with the first pattern compiled, not with the package. Required: compiling is synchronous. */
function re2Library(): typeof RE2JS {
  re2js ??= (createRequire(import.meta.url)('re2js') as typeof import('re2js')).RE2JS;
  return re2js;
}

/** How errors name a pattern, and what to do when its program is too large. */
export interface PatternOrigin {
  subject: string;
  toShrink: string;
}

/** A regex literal written in an expression. */
function literalOrigin(regex: RegExp): PatternOrigin {
  return {
    subject: `The regular expression /${regex.source}/`,
    toShrink: 'use smaller repeat counts ({1,999} copies what it repeats 999 times)',
  };
}

/** Compiles a regex for RE2 once; throws a message naming what RE2 lacks. */
export function compileForRe2(regex: RegExp, origin: PatternOrigin = literalOrigin(regex)): RE2JS {
  const known = compiled.get(regex);
  if (known) return known;
  const re2Class = re2Library();
  let flags = 0;
  if (regex.ignoreCase) flags |= re2Class.CASE_INSENSITIVE;
  if (regex.multiline) flags |= re2Class.MULTILINE;
  let re2: RE2JS;
  try {
    re2 = re2Class.compile(re2Class.translateRegExp(withJavaScriptWhitespace(regex.source)), flags);
  } catch (error) {
    throw new Error(unsupportedMessage(regex, origin, error));
  }
  const size = re2.programSize();
  if (size > REGEX_LIMITS.maxRegexProgram) {
    throw new Error(
      `${origin.subject} compiles to ${size} instructions, over the ${REGEX_LIMITS.maxRegexProgram} limit of an expression: ${origin.toShrink}`,
    );
  }
  compiled.set(regex, re2);
  return re2;
}

/** What `\s` matches in JavaScript; in RE2 it is ASCII whitespace only. */
const JS_WHITESPACE = '\\t\\n\\v\\f\\r\\p{Z}\\ufeff';

/**
 * Keeps JSONata's (JavaScript's) meaning of `\s` and `\S`, so that splitting on /\s+/ still splits
 * at a non-breaking space. (`\S` inside a [...] class keeps RE2's ASCII meaning.)
 */
function withJavaScriptWhitespace(source: string): string {
  let out = '';
  let inClass = false;
  for (let at = 0; at < source.length; at++) {
    const char = source[at];
    if (char === '\\' && at + 1 < source.length) {
      const next = source[++at];
      if (next === 's') out += inClass ? JS_WHITESPACE : `[${JS_WHITESPACE}]`;
      else if (next === 'S' && !inClass) out += `[^${JS_WHITESPACE}]`;
      else out += char + next;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    out += char;
  }
  return out;
}

function unsupportedMessage(regex: RegExp, origin: PatternOrigin, error: unknown): string {
  const source = withoutEscapedBackslashesAndClasses(regex.source);
  const feature = UNSUPPORTED.find(([pattern]) => pattern.test(source))?.[1];
  const reason = feature ?? (error as Error).message.replace(/^error parsing regexp: /, '');
  return `${origin.subject} uses ${feature ? reason : `syntax RE2 refuses (${reason})`}: expressions run regexes on RE2, which matches in linear time and has no backreferences or lookaround`;
}

/** Blanks `\\` pairs and [...] classes so that `\\1` or `[(?=]` are not taken for features. */
function withoutEscapedBackslashesAndClasses(source: string): string {
  return source.replace(/\\\\/g, '__').replace(/\[(?:\\.|[^\]\\])*\]/g, '_');
}
