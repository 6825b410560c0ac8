/** Shorter values are never secrets: registering one would blank ordinary words of every log line. */
export const MIN_SECRET_LENGTH = 8;

/**
 * One spelling of a secret as regular-expression sources, one per character of the secret (a byte
 * for hex, a digit for base64). Kept apart rather than joined so that a prefix of the spelling can be
 * matched too: what a cut leaves of a secret.
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
 * Literal pieces (as regular-expression sources) of which every form of the secret holds one, letter
 * case aside: a cheap search for them rules out most texts before the forms are tried. Wrapped base64
 * holds its piece once its line breaks are taken out (`unwrapped`). A secret with no run of 4 letters
 * or digits has its text form searched instead.
 */
export function secretNeedles(secret: string): string[] {
  const runs = secret.match(/[A-Za-z0-9]+/g) ?? [];
  const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
  const text = longest.length >= MIN_NEEDLE ? longest : textForm(secret).join('');
  const digits = base64Forms(secret).map((form) => form.map((unit) => unit.replace(LINE_BREAK, '')).join(''));
  return [text, hexForm(secret).join(''), ...digits];
}

/** Shorter runs of letters would be found in too many texts to rule them out. */
const MIN_NEEDLE = 4;

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
 * they appear whatever surrounds the secret. Both alphabets (standard and URL-safe) are accepted.
 */
function base64Forms(secret: string): SecretForm[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms: SecretForm[] = [];
  for (let prefix = 0; prefix < 3; prefix++) {
    const encoded = Buffer.concat([Buffer.alloc(prefix), bytes]).toString('base64');
    const start = Math.ceil((prefix * 8) / 6);
    const end = Math.floor(((prefix + bytes.length) * 8) / 6);
    const digits = [...encoded.slice(start, end)].map((digit) =>
      digit === '+' ? '[+-]' : digit === '/' ? '[/_]' : digit,
    );
    forms.push(digits.map((digit, index) => (index === 0 ? digit : `${LINE_BREAK}${digit}`)));
  }
  return forms;
}

function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
