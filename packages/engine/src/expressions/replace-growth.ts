import { checkStringSize, type ExpressionLimits } from './expression-limits.js';

/** What a regex match of $replace holds: its text and its groups. */
export interface ReplacedMatch {
  match: string;
  groups: ReadonlyArray<string | undefined>;
}

/**
 * The size of a regex $replace's result, tracked as it goes: each match removes its text and adds its
 * substitute, whose size is known (a function's result, told through `grow`) or bounded (a `$1…`
 * template only repeats parts of the match: RE2 groups lie inside it). Refuses past `maxStringLength`.
 */
export function replaceGrowth(text: string, replacement: unknown, limits: Required<ExpressionLimits>) {
  let size = text.length;
  const dollars = typeof replacement === 'string' ? (replacement.match(/\$/g)?.length ?? 0) : 0;
  const grow = (by: number): void => {
    size += by;
    checkStringSize('$replace', size, limits);
  };
  const seen = (found: ReplacedMatch): void => {
    if (typeof replacement !== 'string') {
      grow(-found.match.length);
      return;
    }
    const longest = Math.max(found.match.length, ...found.groups.map((group) => group?.length ?? 0));
    grow(replacement.length + dollars * longest - found.match.length);
  };
  return { seen, grow };
}

/** Occurrences of `pattern` that $replace would replace, stopping at its limit. */
export function occurrences(text: string, pattern: string, limit?: number): number {
  let count = 0;
  for (
    let at = text.indexOf(pattern);
    at !== -1 && (limit === undefined || count < limit);
    at = text.indexOf(pattern, at + pattern.length)
  ) {
    count++;
  }
  return count;
}
