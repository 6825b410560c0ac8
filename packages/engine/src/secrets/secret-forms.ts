/** Shorter strings are not treated as secrets: registering `a` would blank every `a` of every log line. */
export const MIN_SECRET_LENGTH = 4;

/**
 * The spellings a secret takes in output besides itself: percent-encoded in a URL or form body,
 * escaped inside JSON text, and inside any base64 text (a Basic auth header encodes `user:password`).
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret, JSON.stringify(secret).slice(1, -1)]);
  for (const encoded of [
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
  ]) {
    forms.add(encoded);
    forms.add(encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
  }
  for (const core of base64Cores(secret)) {
    forms.add(core);
    forms.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

/**
 * Base64 of a text that embeds the secret depends on where the secret starts (mod 3 bytes).
 * For each of the three alignments, keep only the characters encoded from the secret's own bits:
 * they appear whatever surrounds the secret.
 */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const cores: string[] = [];
  for (let prefix = 0; prefix < 3; prefix++) {
    const encoded = Buffer.concat([Buffer.alloc(prefix), bytes]).toString('base64');
    const start = Math.ceil((prefix * 8) / 6);
    const end = Math.floor(((prefix + bytes.length) * 8) / 6);
    cores.push(encoded.slice(start, end));
  }
  return cores;
}
