import { canonical } from './canonical-text.js';

/** Shorter values are never secrets: registering one would blank ordinary words of every log line. */
export const MIN_SECRET_LENGTH = 8;

/**
 * One spelling of a secret as regular-expression sources, one per character of the secret (a byte
 * for hex, a digit for base64), joined into one pattern per secret (`KnownSecret`). Never joined
 * across secrets, nor nested per character: both grow past what V8 can compile.
 */
export type SecretForm = readonly string[];

/** Base64 wrapped by MIME (76) or PEM (64) breaks lines between digits, raw or JSON-escaped. */
const LINE_BREAK = String.raw`(?:\r?\n|\\r\\n|\\n)?`;

/**
 * The spellings a secret takes in output: itself with any of its characters escaped for JSON, HTML
 * or URLs (percent-encoding repeated any number of times), its hex bytes, and the base64 of any text
 * that embeds it, wrapped or not. Letter case is left to the matcher, which ignores it.
 */
export function secretForms(secret: string): SecretForm[] {
  return [textForm(secret), hexForm(secret), ...base64Forms(secret)];
}

/**
 * Literal pieces (lower-cased) of which every form of the secret holds one, letter case aside: one
 * cheap search for the pieces of all secrets rules out most texts before any form is tried. Wrapped
 * base64 holds its piece once its line breaks are taken out (`unwrapped`). Undefined when a form has
 * no run of 4 letters or digits to search for: such a secret must be tried on every text.
 */
export function secretNeedles(secret: string): string[] | undefined {
  const pieces = [longestRun(secret), hexDigits(secret), ...base64Digits(secret).map(longestRun)];
  if (pieces.some((piece) => piece.length < MIN_NEEDLE)) return undefined;
  return pieces.map((piece) => piece.slice(0, MAX_NEEDLE).toLowerCase());
}

/** Shorter runs of letters would be found in too many texts to rule them out. */
const MIN_NEEDLE = 4;
/** Any piece of a form will do; a short one keeps the search of all secrets' pieces small. */
const MAX_NEEDLE = 24;

/** Longer secrets (JWTs) are matched as text, hex and base64 only: see `canonicalForms`. */
export const LONG_SECRET = 256;

/**
 * The forms of a secret as `canonical` spells them, to be found in a `canonicalText` by plain string
 * search: the text (its escapes for JSON, HTML and URLs undone by the canonical spelling itself), its
 * hex and its base64 digits. What a long secret is matched by, and what a cut's end is compared with.
 */
export function canonicalForms(secret: string): string[] {
  return [canonical(secret), hexDigits(secret), ...base64Digits(secret).map(canonical)];
}

function longestRun(text: string): string {
  const runs = text.match(/[A-Za-z0-9]+/g) ?? [];
  return runs.reduce((best, run) => (run.length > best.length ? run : best), '');
}

function hexDigits(secret: string): string {
  return Buffer.from(secret, 'utf8').toString('hex');
}

/** The base64 digits encoded from the secret's own bits, for each of the three alignments. */
function base64Digits(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  return [0, 1, 2].map((prefix) => {
    const encoded = Buffer.concat([Buffer.alloc(prefix), bytes]).toString('base64');
    return encoded.slice(Math.ceil((prefix * 8) / 6), Math.floor(((prefix + bytes.length) * 8) / 6));
  });
}

const LINE_BREAKS = /\r?\n|\\r\\n|\\n/g;
const BASE64_DIGIT = /[A-Za-z0-9+/_-]/;

/** The text with the line breaks of wrapped base64 taken out, or undefined when it has none. */
export function unwrapped(text: string): string | undefined {
  if (!text.includes('\n') && !text.includes('\\n')) return undefined;
  let joined = false;
  const out = text.replace(LINE_BREAKS, (lineBreak: string, at: number) => {
    const between =
      BASE64_DIGIT.test(text.charAt(at - 1)) && BASE64_DIGIT.test(text.charAt(at + lineBreak.length));
    joined ||= between;
    return between ? '' : lineBreak;
  });
  return joined ? out : undefined;
}

function textForm(secret: string): SecretForm {
  return [...secret].map(characterSpellings);
}

/** Letters and digits stand for themselves in every encoding covered; other characters get escaped. */
function characterSpellings(character: string): string {
  if (/^[A-Za-z0-9]$/.test(character)) return character;
  const spellings = new Set<string>([escapeRegExp(character), `\\\\${escapeRegExp(character)}`]);
  spellings.add(escapeRegExp(JSON.stringify(character).slice(1, -1)));
  const utf16 = [...Array(character.length).keys()].map((i) => character.charCodeAt(i));
  spellings.add(utf16.map((unit) => String.raw`\\u${hex(unit, 4)}`).join(''));
  // `%25` is `%` itself: a value encoded twice (or more) spells `%2540` for `@`.
  spellings.add([...Buffer.from(character, 'utf8')].map((byte) => `%(?:25)*${hex(byte, 2)}`).join(''));
  if (character === ' ') spellings.add(String.raw`\+`);
  const codePoint = character.codePointAt(0) ?? 0;
  spellings.add(`&#0*${codePoint};`);
  spellings.add(`&#x0*${codePoint.toString(16)};`);
  const named = HTML_NAMED[character];
  if (named) spellings.add(named);
  return `(?:${[...spellings].join('|')})`;
}

const HTML_NAMED: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function hexForm(secret: string): SecretForm {
  return [...Buffer.from(secret, 'utf8')].map((byte) => hex(byte, 2));
}

/**
 * Base64 of a text that embeds the secret depends on where the secret starts (mod 3 bytes).
 * For each of the three alignments, keep only the digits encoded from the secret's own bits:
 * they appear whatever surrounds the secret. Both alphabets (standard and URL-safe) are accepted,
 * and `+` and `/` percent-encoded, as a query string carries them.
 */
function base64Forms(secret: string): SecretForm[] {
  return base64Digits(secret).map((digits) =>
    [...digits].map((digit, index) => `${index === 0 ? '' : LINE_BREAK}${BASE64_SPELLINGS[digit] ?? digit}`),
  );
}

const BASE64_SPELLINGS: Record<string, string> = { '+': '(?:[+-]|%(?:25)*2b)', '/': '(?:[/_]|%(?:25)*2f)' };

function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
