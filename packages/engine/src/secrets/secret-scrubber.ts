import { injectable } from 'inversify';
import type { AuthSpec } from '../contracts/integration.js';
import type { SecretScrubber as SecretScrubberContract } from '../contracts/services.js';
import { StepError } from '../contracts/step-error.js';
import { CUT_MARK, MIN_CUT_PREFIX, prefixPattern } from './cut-prefix.js';
import { secretValues } from './secret-fields.js';
import { MIN_SECRET_LENGTH, type SecretForm, secretForms, secretNeedles, unwrapped } from './secret-forms.js';

export const REDACTED = '[REDACTED]';

/** One known secret: its forms, and the patterns built from them on first use. */
interface KnownSecret {
  forms: SecretForm[];
  needles: RegExp;
  /** Finds every form, to redact. */
  matcher?: RegExp;
  /** Says whether a text holds any form. */
  finder?: RegExp;
}

/**
 * Removes secrets by value (as Zapier's secret-scrubber does) from anything logged or recorded,
 * so a token is caught wherever it ends up: a message, an error, a URL, a response body, in any
 * letter case and in the encodings of `secretForms`.
 */
@injectable()
export class SecretScrubber implements SecretScrubberContract {
  private readonly secrets = new Map<string, KnownSecret>();
  private detector: RegExp | undefined;
  private cutPrefix: RegExp | undefined;
  /** A text shorter than every secret cannot hold one, so most strings skip the regex. */
  private shortest = Number.POSITIVE_INFINITY;
  /** The most characters a prefix of a secret's form can span, to look only that far back from a cut. */
  private widest = 0;

  addCredentials(credentials: Record<string, unknown>, auth?: AuthSpec): void {
    for (const secret of secretValues(credentials, auth)) this.add(secret);
  }

  add(secret: string): void {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH || this.secrets.has(secret)) return;
    const needles = secretNeedles(secret).join('|');
    this.secrets.set(secret, { forms: secretForms(secret), needles: new RegExp(needles, 'i') });
    this.shortest = Math.min(this.shortest, secret.length);
    // Generous: a character's longest usual spelling is 4 UTF-8 bytes percent-encoded twice.
    this.widest = Math.max(this.widest, secret.length * 24);
    this.detector = undefined;
    this.cutPrefix = undefined;
  }

  scrub(text: string): string {
    if (this.secrets.size === 0 || typeof text !== 'string') return text;
    const candidates = this.candidates(text);
    const whole = candidates.length > 0 ? this.redactWhole(text, candidates) : text;
    return whole.includes(CUT_MARK) ? this.redactCutPrefixes(whole) : whole;
  }

  scrubValue<T>(value: T): T {
    return this.copy(value, new Set()) as T;
  }

  secretsIn(text: string): string[] {
    return this.candidates(text)
      .filter(([, known]) => {
        known.finder ??= new RegExp(known.forms.map((form) => form.join('')).join('|'), 'i');
        return known.finder.test(text);
      })
      .map(([secret]) => secret);
  }

  /**
   * The secrets a text may hold. Most text holds none: one search for literal pieces of all secrets
   * says so far faster than the forms with their escapes and line breaks.
   */
  private candidates(text: string): Array<[string, KnownSecret]> {
    if (text.length < this.shortest) return [];
    this.detector ??= new RegExp(
      [...this.secrets.values()].map((known) => known.needles.source).join('|'),
      'i',
    );
    const detector = this.detector;
    // Wrapped base64 shows its needle only once its line breaks are taken out.
    const joined = unwrapped(text);
    const probes = joined === undefined ? [text] : [text, joined];
    if (!probes.some((probe) => detector.test(probe))) return [];
    return [...this.secrets].filter(([, known]) => probes.some((probe) => known.needles.test(probe)));
  }

  /** Every form of every candidate, each secret searched on its own so overlapping secrets are all found. */
  private redactWhole(text: string, candidates: Array<[string, KnownSecret]>): string {
    const found: Array<[number, number]> = [];
    for (const [, known] of candidates) {
      known.matcher ??= new RegExp(known.forms.map((form) => form.join('')).join('|'), 'gi');
      for (const match of text.matchAll(known.matcher))
        found.push([match.index, match.index + match[0].length]);
    }
    found.sort((a, b) => a[0] - b[0]);
    const ranges: Array<[number, number]> = [];
    for (const [start, end] of found) {
      const last = ranges[ranges.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else ranges.push([start, end]);
    }
    return replaceRanges(text, ranges);
  }

  /**
   * A text cut short (`…`) may end in the first characters of a secret that the cut split, too few
   * to match whole: those are redacted as well, so a cut never shows more than a few of them.
   */
  private redactCutPrefixes(text: string): string {
    this.cutPrefix ??= new RegExp(
      `(?:${[...this.secrets.values()]
        .flatMap((known) => known.forms)
        .map((form) => prefixPattern(form, MIN_CUT_PREFIX))
        .join('|')})$`,
      'i',
    );
    const ranges: Array<[number, number]> = [];
    for (let at = text.indexOf(CUT_MARK); at !== -1; at = text.indexOf(CUT_MARK, at + 1)) {
      const from = Math.max(0, at - this.widest);
      const match = this.cutPrefix.exec(text.slice(from, at));
      if (match) ranges.push([from + match.index, at]);
    }
    return replaceRanges(text, ranges);
  }

  private copy(value: unknown, path: Set<object>): unknown {
    if (typeof value === 'string') return this.scrub(value);
    if (value === null || typeof value !== 'object') return value;
    if (path.has(value)) return '[Circular]';
    if (value instanceof Date) return new Date(value.getTime());
    path.add(value);
    try {
      if (value instanceof StepError) return this.copy(value.toJSON(), path);
      if (value instanceof Error) return this.copy(errorJson(value), path);
      if (Array.isArray(value)) return value.map((item) => this.copy(item, path));
      const toJSON = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') return this.copy(toJSON.call(value), path);
      const out: Record<string, unknown> = {};
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) out[this.scrub(key)] = this.copy(record[key], path);
      return out;
    } finally {
      path.delete(value);
    }
  }
}

function replaceRanges(text: string, ranges: Array<[number, number]>): string {
  if (ranges.length === 0) return text;
  let out = '';
  let from = 0;
  for (const [start, end] of ranges) {
    out += text.slice(from, start) + REDACTED;
    from = end;
  }
  return out + text.slice(from);
}

function errorJson(error: Error): Record<string, unknown> {
  const json: Record<string, unknown> = { name: error.name, message: error.message };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') json.code = code;
  if (error.cause !== undefined) json.cause = error.cause;
  return json;
}
