import { escapeRegExp, unwrapped } from './secret-forms.js';
import type { TextReading } from './text-reading.js';

/** Needles are grouped by their first characters, to tell every needle that starts where one was found. */
const KEY_LENGTH = 4;
/** Matches of needles already accounted for, after which the search goes on for the others only. */
const MAX_REPEATS = 64;
/** Up to so many needles one regular expression of literals finds fastest; beyond, a hashed scan does. */
const MAX_REGEX_NEEDLES = 48;
const HASH_BITS = 20;

/**
 * The secrets a text may hold, found by one search for literal pieces (`secretNeedles`) of all of
 * them, so the cost of a text that holds none does not grow with the tokens an engine has seen: a
 * regular expression of the literals while they are few, else one pass that hashes every 4
 * characters of the text against the needles' first 4 (Rabin-Karp over a bit set). A text that
 * escapes letters or digits is searched in its canonical spelling too, where they read as themselves.
 */
export class NeedleIndex<Secret> {
  private readonly byKey = new Map<string, Array<{ needle: string; secret: Secret }>>();
  /** Secrets with a form no needle rules out: tried on every text. */
  private readonly unanchored = new Set<Secret>();
  private detector: RegExp | undefined;
  private starts: Uint32Array | undefined;
  private count = 0;

  add(secret: Secret, needles: readonly string[] | undefined): void {
    if (needles === undefined) {
      this.unanchored.add(secret);
      return;
    }
    for (const needle of new Set(needles)) {
      const key = needle.slice(0, KEY_LENGTH);
      const bucket = this.byKey.get(key) ?? [];
      bucket.push({ needle, secret });
      this.byKey.set(key, bucket);
      this.count++;
    }
    this.detector = undefined;
    this.starts = undefined;
  }

  candidates(reading: TextReading): Set<Secret> {
    const found = new Set(this.unanchored);
    if (this.byKey.size === 0) return found;
    const { text } = reading;
    // Wrapped base64 shows its needle only once its line breaks are taken out.
    const joined = unwrapped(text);
    const probes = joined === undefined ? [text] : [text, joined];
    if (reading.escapesAlphanumerics) probes.push(reading.canonical().text);
    for (const probe of probes)
      if (this.count <= MAX_REGEX_NEEDLES) this.scan(probe, found);
      else this.hashScan(probe, found);
    return found;
  }

  /** Adds the secrets of every needle that starts at `at` in `probe`; says whether any was new. */
  private collect(probe: string, at: number, found: Set<Secret>): boolean {
    const before = found.size;
    for (const { needle, secret } of this.byKey.get(probe.slice(at, at + KEY_LENGTH).toLowerCase()) ?? [])
      if (!found.has(secret) && probe.slice(at, at + needle.length).toLowerCase() === needle)
        found.add(secret);
    return found.size > before;
  }

  private hashScan(probe: string, found: Set<Secret>): void {
    this.starts ??= this.bitSet(() => true);
    let starts = this.starts;
    let repeats = 0;
    let window = 0;
    for (let index = 0; index < probe.length; index++) {
      let code = probe.charCodeAt(index);
      if (code >= 0x41 && code <= 0x5a) code += 0x20;
      window = ((window << 8) | (code & 0xff)) >>> 0;
      if (index < KEY_LENGTH - 1) continue;
      const hash = Math.imul(window, 0x9e3779b1) >>> (32 - HASH_BITS);
      if (((starts[hash >>> 5] ?? 0) & (1 << (hash & 31))) === 0) continue;
      if (this.collect(probe, index - KEY_LENGTH + 1, found) || ++repeats <= MAX_REPEATS) continue;
      // A text full of one secret's needle: look on for the needles of the others only.
      repeats = 0;
      starts = this.bitSet((secret) => !found.has(secret));
    }
  }

  private bitSet(keep: (secret: Secret) => boolean): Uint32Array {
    const bits = new Uint32Array(1 << (HASH_BITS - 5));
    for (const [key, bucket] of this.byKey) {
      if (!bucket.some(({ secret }) => keep(secret))) continue;
      let window = 0;
      for (let index = 0; index < KEY_LENGTH; index++)
        window = ((window << 8) | (key.charCodeAt(index) & 0xff)) >>> 0;
      const hash = Math.imul(window, 0x9e3779b1) >>> (32 - HASH_BITS);
      bits[hash >>> 5] = (bits[hash >>> 5] ?? 0) | (1 << (hash & 31));
    }
    return bits;
  }

  private scan(probe: string, found: Set<Secret>): void {
    this.detector ??= this.search(() => true);
    let detector = this.detector as RegExp;
    detector.lastIndex = 0;
    let repeats = 0;
    for (let match = detector.exec(probe); match !== null; match = detector.exec(probe)) {
      const at = match.index;
      // The search reports one needle per place: the others starting there are compared in `collect`.
      if (!this.collect(probe, at, found) && ++repeats > MAX_REPEATS) {
        // A text full of one secret's needle: search on for the needles of the others only.
        repeats = 0;
        const rest = this.search((secret) => !found.has(secret));
        if (rest === undefined) return;
        detector = rest;
      }
      detector.lastIndex = at + 1;
    }
  }

  private search(keep: (secret: Secret) => boolean): RegExp | undefined {
    const needles = new Set<string>();
    for (const bucket of this.byKey.values())
      for (const { needle, secret } of bucket) if (keep(secret)) needles.add(escapeRegExp(needle));
    return needles.size === 0 ? undefined : new RegExp([...needles].join('|'), 'gi');
  }
}
