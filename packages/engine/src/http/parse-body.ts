import type { HttpRequest } from '@toolsteps/sdk';

/** An answer's body: JSON when it parses (unless text was asked for), the text otherwise, null when empty. */
export function parseBody(text: string, responseType: HttpRequest['responseType'] = 'json'): unknown {
  if (text === '') return null;
  if (responseType === 'text') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
