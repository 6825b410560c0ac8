import { type CanonicalText, canonicalText, escapesAnAlphanumeric } from './canonical-text.js';

/** One text as the scrubber searches it: as written, and in the canonical spelling when asked. */
export interface TextReading {
  readonly text: string;
  /** It spells a letter or digit as an escape: secrets are then looked for in `canonical()` too. */
  readonly escapesAlphanumerics: boolean;
  /** Built at most once, and only when asked for: most texts hold no secret that needs it. */
  canonical(): CanonicalText;
}

export function readText(text: string): TextReading {
  let made: CanonicalText | undefined;
  return {
    text,
    escapesAlphanumerics: escapesAnAlphanumeric(text),
    canonical: () => {
      made ??= canonicalText(text);
      return made;
    },
  };
}
