/**
 * A text with its escapes undone, as one spelling to compare secrets in with plain string search:
 * percent-encoding (any depth), JSON and backslash escapes, HTML entities, then UTF-8 bytes (as
 * latin1 characters), ASCII letters lower-cased, line breaks dropped, and the two base64 alphabets
 * made one (`-` and a space read as `+`, `_` as `/`). `at[i]` is where byte `i` starts in the text,
 * `at[length]` its end: what a match found here covers there.
 */
export interface CanonicalText {
  text: string;
  at: Int32Array;
}

/** The canonical spelling alone, for a secret's own forms. */
export function canonical(text: string): string {
  return canonicalText(text).text;
}

/**
 * Whether the text spells an ASCII letter or digit as an escape (`\u0073`, `&#115;`, `&#x73;`,
 * `%73`, `%2573`, `\s`). No encoder escapes them, so few texts do; but a secret written that way
 * shows none of its letters or digits as they are, and is found only in the canonical spelling.
 */
export function escapesAnAlphanumeric(text: string): boolean {
  // An entity is looked for by its `#`: a search for `&` crawls through text full of "…" (U+2026).
  for (const [mark, back] of ESCAPE_MARKS) {
    for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, at + 1)) {
      if (at < back || (back > 0 && text.charCodeAt(at - back) !== AMPERSAND)) continue;
      const escaped = readEscape(text, at - back);
      if (escaped && isAlphanumeric(escaped.byte ?? escaped.codePoint)) return true;
    }
  }
  return false;
}

/** What to search for, and how far before it the escape starts. */
const ESCAPE_MARKS: ReadonlyArray<[string, number]> = [
  ['%', 0],
  ['\\', 0],
  ['#', 1],
];

function isAlphanumeric(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

export function canonicalText(text: string): CanonicalText {
  // Most text is ASCII, one byte a character; the arrays grow for the rest.
  let bytes = new Uint8Array(text.length + 16);
  let at = new Int32Array(text.length + 17);
  let length = 0;
  const push = (byte: number, from: number): void => {
    const folded = FOLD[byte] ?? byte;
    if (folded === DROP) return;
    if (length + 1 >= bytes.length) {
      bytes = grown(bytes, new Uint8Array(bytes.length * 2));
      at = grown(at, new Int32Array(at.length * 2));
    }
    bytes[length] = folded;
    at[length++] = from;
  };
  let index = 0;
  const pushCodePoint = (codePoint: number, from: number): void => {
    if (codePoint < 0x80) push(codePoint, from);
    else for (const byte of Buffer.from(String.fromCodePoint(codePoint), 'utf8')) push(byte, from);
  };
  while (index < text.length) {
    const from = index;
    const unit = text.charCodeAt(index);
    // Most characters are plain ASCII: folded in place, without a call.
    if (unit < 0x80 && unit !== PERCENT && unit !== AMPERSAND && unit !== BACKSLASH) {
      if (length + 1 < bytes.length && unit !== 0x0a && unit !== 0x0d) {
        bytes[length] = FOLD[unit] ?? unit;
        at[length++] = from;
      } else push(unit, from);
      index++;
      continue;
    }
    const escaped = unit < 0x80 ? readEscape(text, index) : undefined;
    if (escaped) {
      if (escaped.byte !== undefined) push(escaped.byte, from);
      else pushCodePoint(escaped.codePoint, from);
      index = escaped.end;
      continue;
    }
    const codePoint = text.codePointAt(index) ?? unit;
    pushCodePoint(codePoint, from);
    index += codePoint > 0xffff ? 2 : 1;
  }
  at[length] = text.length;
  return { text: Buffer.from(bytes.buffer, 0, length).toString('latin1'), at: at.subarray(0, length + 1) };
}

function grown<T extends Uint8Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

const PERCENT = 0x25;
const AMPERSAND = 0x26;
const BACKSLASH = 0x5c;
const DROP = -1;

/** Each byte as read: letter case, line breaks, the base64url alphabet and `+` for a space made one. */
const FOLD = Int16Array.from({ length: 256 }, (_, byte) => byte);
for (let letter = 0x41; letter <= 0x5a; letter++) FOLD[letter] = letter + 0x20;
FOLD[0x0a] = DROP;
FOLD[0x0d] = DROP;
FOLD[0x2d] = 0x2b;
FOLD[0x5f] = 0x2f;
FOLD[0x20] = 0x2b;

const PERCENT_ESCAPE = /%(?:25)*([0-9a-f]{2})/iy;
const ENTITY = /&(?:#0*(\d{1,7})|#x0*([0-9a-f]{1,6})|(amp|lt|gt|quot|apos));/iy;
const UNICODE_ESCAPE = /\\u([0-9a-f]{4})(?:\\u(d[c-f][0-9a-f]{2}))?/iy;
const NAMED: Record<string, number> = { amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27 };
const JSON_ESCAPES: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, b: 0x08, f: 0x0c };

type Escape =
  | { end: number; byte: number; codePoint?: undefined }
  | { end: number; byte?: undefined; codePoint: number };

function readEscape(text: string, index: number): Escape | undefined {
  const first = text.charCodeAt(index);
  if (first === PERCENT) {
    PERCENT_ESCAPE.lastIndex = index;
    const match = PERCENT_ESCAPE.exec(text);
    return match ? { end: PERCENT_ESCAPE.lastIndex, byte: Number.parseInt(match[1] ?? '', 16) } : undefined;
  }
  if (first === AMPERSAND) {
    ENTITY.lastIndex = index;
    const match = ENTITY.exec(text);
    if (!match) return undefined;
    const codePoint = match[1]
      ? Number(match[1])
      : match[2]
        ? Number.parseInt(match[2], 16)
        : (NAMED[(match[3] ?? '').toLowerCase()] ?? 0);
    return codePoint <= 0x10ffff ? { end: ENTITY.lastIndex, codePoint } : undefined;
  }
  UNICODE_ESCAPE.lastIndex = index;
  const unicode = UNICODE_ESCAPE.exec(text);
  if (unicode) {
    const high = Number.parseInt(unicode[1] ?? '', 16);
    const low = unicode[2] === undefined ? undefined : Number.parseInt(unicode[2], 16);
    const paired = low !== undefined && high >= 0xd800 && high <= 0xdbff;
    const codePoint = paired ? 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00) : high;
    return { end: paired ? UNICODE_ESCAPE.lastIndex : index + 6, codePoint };
  }
  // `\"`, `\\`, `\/`, `\n`: a backslash escapes the character after it.
  const next = text.codePointAt(index + 1);
  if (next === undefined) return undefined;
  const named = JSON_ESCAPES[String.fromCharCode(next)];
  return { end: index + (next > 0xffff ? 3 : 2), codePoint: named ?? next };
}
