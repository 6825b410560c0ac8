import { createRequire } from 'node:module';
import type * as levenshtein from 'fastest-levenshtein';

let library: typeof levenshtein | undefined;

/** fastest-levenshtein loads with the first suggestion, not with the package: most checks pass. */
function levenshteinLibrary(): typeof levenshtein {
  library ??= createRequire(import.meta.url)('fastest-levenshtein') as typeof levenshtein;
  return library;
}

/** The candidate nearest to a misspelt name, when it is near enough to be a likely typo. */
export function nearest(input: string, candidates: Iterable<string>): string | undefined {
  const list = [...new Set(candidates)].filter((candidate) => candidate !== input);
  if (list.length === 0) return undefined;
  const sameLetters = list.find((candidate) => candidate.toLowerCase() === input.toLowerCase());
  if (sameLetters) return sameLetters;
  const { closest, distance } = levenshteinLibrary();
  const best = closest(input, list);
  // A swapped pair of letters costs 2, so allow that much; in a name of one or two letters any guess is noise.
  const limit = input.length <= 2 ? 0 : input.length === 3 ? 1 : Math.max(2, Math.floor(input.length / 3));
  return distance(input, best) <= limit ? best : undefined;
}

/** ` (did you mean "step"?)`, or nothing when no candidate is close. */
export function didYouMean(
  input: string,
  candidates: Iterable<string>,
  show: (name: string) => string = (name) => JSON.stringify(name),
): string {
  const best = nearest(input, candidates);
  return best === undefined ? '' : ` (did you mean ${show(best)}?)`;
}

/** Like `nearest`, for property names: a key written in the plural ("retries", even as "retires") means the singular one. */
export function nearestKey(input: string, keys: Iterable<string>): string | undefined {
  const list = [...keys];
  const direct = nearest(input, list);
  if (direct !== undefined) return direct;
  const singulars = new Map(list.map((key) => [plural(key), key]));
  return singulars.get(input) ?? singulars.get(nearest(input, singulars.keys()) ?? '');
}

function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
}
