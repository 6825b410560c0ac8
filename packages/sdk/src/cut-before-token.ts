/** What every cut of a text for a message or a record ends with. */
export const CUT_MARK = '…';

/** What tokens, keys and passwords are made of: a cut between two of these may split one. */
const TOKEN_CHARACTER = /[^\s"'`<>()[\]{},;]/;

/**
 * A text cut to at most `max` characters (then `…`) where no scrubber is at hand: a run of token
 * characters the cut would split is dropped whole, since a secret's start left there is no longer
 * a whole secret a later scrub could find. Use `scrubbedCut` where a scrubber is at hand.
 */
export function cutBeforeToken(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  if (TOKEN_CHARACTER.test(text.charAt(end)))
    while (end > 0 && TOKEN_CHARACTER.test(text.charAt(end - 1))) end--;
  return `${text.slice(0, end)}${CUT_MARK}`;
}
