import type { PatternOrigin } from '@toolsteps/sdk/schema';
import { Re2RegExp } from './re2-regex.js';

/**
 * JSONata's `$toMillis(value, picture)` turns the picture into one regular expression (`new
 * RegExp(…, 'i')` in its parseDateTime) and matches the value against it once. Markers read as
 * words, names or unbounded numbers make that pattern ambiguous (`[Dw] [Mw] [Yw]` is
 * `^((?:one|two|…|[\-, ])+)( )((?:…)+)( )((?:…)+)$`), and a backtracking engine tries every way to
 * split the value: 12 KB ran 53 s inside that one call, out of reach of the timeout and of Ctrl-C.
 *
 * JSONata offers no hook for that RegExp (its RegexEngine option covers regex literals only), so
 * for the span of the one synchronous call the global RegExp constructor hands out the pattern on
 * RE2 instead: the same pattern and groups, matched in linear time and held to the regex work
 * limits. The stand-in serves one construction, then puts the real constructor back.
 */
export function matchingOnRe2<T>(builtin: string, picture: string, run: () => T): T {
  const native = globalThis.RegExp;
  const origin: PatternOrigin = {
    subject: `${builtin}'s pattern for the picture ${JSON.stringify(abbreviated(picture))}`,
    toShrink: 'use fewer markers read as words or names',
  };
  // A function, not an arrow: JSONata calls it with `new`, which then hands back the object returned.
  function onRe2(source: string, flags?: string): Re2RegExp {
    globalThis.RegExp = native;
    return new Re2RegExp(nativePattern(native, source, flags), origin);
  }
  globalThis.RegExp = onRe2 as unknown as RegExpConstructor;
  try {
    return run();
  } finally {
    globalThis.RegExp = native;
  }
}

/** Pictures repeat (one per field, called per item): each pattern is compiled for RE2 once. */
const MAX_PATTERNS = 256;
const patterns = new Map<string, RegExp>();

/** The same RegExp for the same pattern, so RE2's compilation (cached per RegExp) is reused. */
function nativePattern(native: RegExpConstructor, source: string, flags = ''): RegExp {
  const key = `${flags}/${source}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    pattern = new native(source, flags);
    if (patterns.size >= MAX_PATTERNS) patterns.delete(patterns.keys().next().value as string);
    patterns.set(key, pattern);
  }
  return pattern;
}

function abbreviated(picture: string): string {
  return picture.length > 60 ? `${picture.slice(0, 60)}…` : picture;
}
