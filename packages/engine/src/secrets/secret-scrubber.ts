import { injectable } from 'inversify';
import type { SecretScrubber as SecretScrubberContract } from '../contracts/services.js';
import { StepError } from '../contracts/step-error.js';
import { MIN_SECRET_LENGTH, secretForms } from './secret-forms.js';

export const REDACTED = '[REDACTED]';

/**
 * Removes secrets by value (as Zapier's secret-scrubber does) from anything logged or recorded,
 * so a token is caught wherever it ends up: a message, an error, a URL, a response body.
 */
@injectable()
export class SecretScrubber implements SecretScrubberContract {
  private readonly secrets = new Set<string>();
  private readonly forms = new Set<string>();
  private pattern: RegExp | undefined;
  private detector: RegExp | undefined;
  /** Length of the shortest form: a shorter text cannot hold a secret, so most strings skip the regex. */
  private shortest = Number.POSITIVE_INFINITY;

  addCredentials(credentials: Record<string, unknown>): void {
    const seen = new WeakSet<object>();
    const visit = (value: unknown): void => {
      if (typeof value === 'string') {
        this.add(value);
        return;
      }
      if (value === null || typeof value !== 'object' || seen.has(value)) return;
      seen.add(value);
      for (const child of Object.values(value)) visit(child);
    };
    visit(credentials);
  }

  add(secret: string): void {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    for (const form of secretForms(secret)) {
      this.forms.add(form);
      this.shortest = Math.min(this.shortest, form.length);
    }
    this.pattern = undefined;
    this.detector = undefined;
  }

  scrub(text: string): string {
    if (text.length < this.shortest || !this.mayHold(text)) return text;
    const ranges: Array<[number, number]> = [];
    for (const match of text.matchAll(this.matcher())) {
      const start = match.index;
      const end = start + match[1].length;
      const last = ranges[ranges.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else ranges.push([start, end]);
    }
    if (ranges.length === 0) return text;
    let out = '';
    let from = 0;
    for (const [start, end] of ranges) {
      out += text.slice(from, start) + REDACTED;
      from = end;
    }
    return out + text.slice(from);
  }

  scrubValue<T>(value: T): T {
    return this.copy(value, new Set()) as T;
  }

  /**
   * Most text holds no secret: one plain search says so far faster than the lookahead scan below,
   * which tries every position.
   */
  private mayHold(text: string): boolean {
    this.detector ??= new RegExp(this.alternatives().join('|'));
    return this.detector.test(text);
  }

  /**
   * A lookahead finds, at every position, the longest secret starting there, so overlapping secrets
   * are all found and the union of their ranges is redacted.
   */
  private matcher(): RegExp {
    this.pattern ??= new RegExp(`(?=(${this.alternatives().join('|')}))`, 'g');
    return this.pattern;
  }

  private alternatives(): string[] {
    return [...this.forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
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

function errorJson(error: Error): Record<string, unknown> {
  const json: Record<string, unknown> = { name: error.name, message: error.message };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') json.code = code;
  if (error.cause !== undefined) json.cause = error.cause;
  return json;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
