import { type AuthSpec, StepError } from '@toolsteps/sdk';
import type { SecretScrubber as SecretScrubberContract } from '../ports/services.js';
import { cutPrefixStart } from './cut-prefix.js';
import { KnownSecret, type Range } from './known-secret.js';
import { NeedleIndex } from './needle-index.js';
import { secretValues } from './secret-fields.js';
import { MIN_SECRET_LENGTH, secretNeedles } from './secret-forms.js';
import { readText, type TextReading } from './text-reading.js';

export const REDACTED = '[REDACTED]';

/**
 * Removes secrets by value (as Zapier's secret-scrubber does) from anything logged or recorded,
 * so a token is caught wherever it ends up: a message, an error, a URL, a response body, in any
 * letter case and in the encodings of `secretForms`, or of `canonicalText` when a text escapes
 * letters or digits (a secret written entirely as `\u0073\u006b…`, `&#115;&#107;…` or `%73%6B…`).
 */
export class SecretScrubber implements SecretScrubberContract {
  static readonly dependencies = [] as const;

  private readonly secrets = new Map<string, KnownSecret>();
  private readonly needles = new NeedleIndex<KnownSecret>();
  /** A text shorter than every secret cannot hold one, so most strings skip the regex. */
  private shortest = Number.POSITIVE_INFINITY;
  /** The most characters a start of a secret's form can span, to look only that far back from a cut. */
  private widest = 0;

  addCredentials(credentials: Record<string, unknown>, auth?: AuthSpec): void {
    for (const secret of secretValues(credentials, auth)) this.add(secret);
  }

  add(secret: string): void {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH || this.secrets.has(secret)) return;
    // Nothing is compiled here: a secret no pattern can hold must still be registered, never thrown back.
    const known = new KnownSecret(secret);
    this.secrets.set(secret, known);
    this.needles.add(known, secretNeedles(secret));
    this.shortest = Math.min(this.shortest, secret.length);
    // Generous: a character's longest usual spelling is 4 UTF-8 bytes percent-encoded twice.
    this.widest = Math.max(this.widest, secret.length * 24);
  }

  scrub(text: string): string {
    // Most texts (ids, keys, short values) are shorter than every secret: they cost one comparison.
    if (typeof text !== 'string' || text.length < this.shortest) return text;
    try {
      const reading = readText(text);
      const candidates = this.candidates(reading);
      return candidates.length > 0 ? this.redactWhole(reading, candidates) : text;
    } catch {
      // Fails closed, and never passes the error on: a pattern's error message spells out the secrets.
      return REDACTED;
    }
  }

  scrubCutEnd(head: string): string {
    if (this.secrets.size === 0 || typeof head !== 'string') return head;
    try {
      const start = cutPrefixStart(head, this.secrets.values(), this.widest);
      return start === -1 ? head : `${head.slice(0, start)}${REDACTED}`;
    } catch {
      return REDACTED;
    }
  }

  /**
   * The value with every secret redacted. Copies only along the paths that change (a secret, an
   * Error, a Date, a `toJSON`, a class instance, a cycle); the rest is handed back as it is, so
   * scrubbing a value that holds no secret copies nothing.
   */
  scrubValue<T>(value: T): T {
    return this.scrubbed(value, new Set()) as T;
  }

  secretsIn(text: string): string[] {
    if (this.secrets.size === 0 || typeof text !== 'string') return [];
    try {
      const reading = readText(text);
      return this.candidates(reading)
        .filter((known) => known.find(reading).length > 0)
        .map((known) => known.value);
    } catch {
      // Fails closed: every secret counts as found, so a request that may carry one is refused.
      return [...this.secrets.keys()];
    }
  }

  /** The secrets a text may hold: most text holds none, which one search for literal pieces of all says. */
  private candidates(reading: TextReading): KnownSecret[] {
    if (reading.text.length < this.shortest) return [];
    return [...this.needles.candidates(reading)];
  }

  /** Every form of every candidate, each secret searched on its own so overlapping secrets are all found. */
  private redactWhole(reading: TextReading, candidates: KnownSecret[]): string {
    const found: Range[] = candidates.flatMap((known) => known.find(reading));
    found.sort((a, b) => a[0] - b[0]);
    const ranges: Range[] = [];
    for (const [start, end] of found) {
      const last = ranges[ranges.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else ranges.push([start, end]);
    }
    return replaceRanges(reading.text, ranges);
  }

  /** `value` itself when nothing in it changes, else a copy of the parts that do. */
  private scrubbed(value: unknown, path: Set<object>): unknown {
    if (typeof value === 'string') return this.scrub(value);
    if (value === null || typeof value !== 'object') return value;
    if (path.has(value)) return '[Circular]';
    // Plain objects first, the commonest by far: none is a Date, an Error or an array.
    const plain = Object.getPrototypeOf(value) === Object.prototype;
    if (!plain && value instanceof Date) return new Date(value.getTime());
    path.add(value);
    try {
      if (!plain) {
        if (value instanceof StepError) return this.scrubbed(value.toJSON(), path);
        if (value instanceof Error) return this.scrubbed(errorJson(value), path);
        if (Array.isArray(value)) return this.scrubbedArray(value, path);
      }
      const toJSON = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') return this.scrubbed(toJSON.call(value), path);
      return this.scrubbedRecord(value as Record<string, unknown>, path, plain);
    } finally {
      path.delete(value);
    }
  }

  private scrubbedArray(array: unknown[], path: Set<object>): unknown[] {
    // An Array subclass is written out as a plain array, as before.
    if (Object.getPrototypeOf(array) !== Array.prototype)
      return array.map((item) => this.scrubbed(item, path));
    let out: unknown[] | undefined;
    for (let index = 0; index < array.length; index++) {
      const item = array[index];
      const clean = this.scrubbed(item, path);
      if (out === undefined && !Object.is(clean, item)) out = array.slice(0, index);
      if (out !== undefined) out[index] = clean;
    }
    return out ?? array;
  }

  private scrubbedRecord(
    record: Record<string, unknown>,
    path: Set<object>,
    plain: boolean,
  ): Record<string, unknown> {
    const keys = Object.keys(record);
    // Only plain objects may be handed back as they are; any other kind becomes a plain object.
    let out: Record<string, unknown> | undefined = plain ? undefined : {};
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      const item = record[key];
      const cleanKey = this.scrub(key);
      const clean = this.scrubbed(item, path);
      if (out === undefined && (cleanKey !== key || !Object.is(clean, item))) {
        out = {};
        for (let before = 0; before < index; before++) out[keys[before]] = record[keys[before]];
      }
      if (out !== undefined) out[cleanKey] = clean;
    }
    return out ?? record;
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
