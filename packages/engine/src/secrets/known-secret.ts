import type { CanonicalText } from './canonical-text.js';
import { canonicalForms, LONG_SECRET, secretForms } from './secret-forms.js';
import type { TextReading } from './text-reading.js';

/** Where in a text one spelling of a secret was found: `[start, end)`. */
export type Range = [number, number];

/**
 * One registered secret and the ways to find it, built on first use and kept: a regular expression
 * over every form for an ordinary secret; for a long one (a JWT), plain string search of its
 * canonical forms, since a pattern spelling each of thousands of characters costs more to compile
 * than any text is worth scrubbing. A text that escapes letters or digits is searched both ways:
 * the pattern leaves letters and digits as they are, which is how every encoder leaves them.
 */
export class KnownSecret {
  private matcher: RegExp | undefined;
  private canonical: string[] | undefined;

  constructor(readonly value: string) {}

  get long(): boolean {
    return this.value.length > LONG_SECRET;
  }

  /** Every place the text spells the secret. */
  find(reading: TextReading): Range[] {
    const { text } = reading;
    if (this.long) return this.findCanonical(text, reading.canonical());
    const found = this.findByPattern(text);
    return reading.escapesAlphanumerics ? found.concat(this.findCanonical(text, reading.canonical())) : found;
  }

  private findByPattern(text: string): Range[] {
    this.matcher ??= new RegExp(
      secretForms(this.value)
        .map((form) => form.join(''))
        .join('|'),
      'gi',
    );
    const found: Range[] = [];
    for (const match of text.matchAll(this.matcher)) found.push([match.index, match.index + match[0].length]);
    return found;
  }

  /**
   * Where the longest start (at least `least` bytes of a canonical form) of the secret that `view`
   * ends with begins in `view`, or -1: what a cut left of it.
   */
  startLeftAtEnd(view: string, least: number): number {
    let start = -1;
    for (const form of this.forms()) {
      const head = form.slice(0, least);
      if (head.length < least) continue;
      const from = Math.max(0, view.length - form.length);
      for (
        let at = view.indexOf(head, from);
        at !== -1 && (start === -1 || at < start);
        at = view.indexOf(head, at + 1)
      )
        if (form.startsWith(view.slice(at))) start = at;
    }
    return start;
  }

  private forms(): string[] {
    this.canonical ??= canonicalForms(this.value);
    return this.canonical;
  }

  private findCanonical(text: string, view: CanonicalText): Range[] {
    const found: Range[] = [];
    for (const form of this.forms())
      for (let at = view.text.indexOf(form); at !== -1; at = view.text.indexOf(form, at + 1))
        found.push([view.at[at] ?? 0, view.at[at + form.length] ?? text.length]);
    // A secret whose own characters read as escapes next to what precedes it (`%` before `41…`).
    for (let at = text.indexOf(this.value); at !== -1; at = text.indexOf(this.value, at + 1))
      found.push([at, at + this.value.length]);
    return found;
  }
}
