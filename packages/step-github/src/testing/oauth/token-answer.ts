import type { Context } from '@toolsteps/emulator';

/** The fields of an answer of GitHub's OAuth endpoints (a token, a device code, an error). */
export type AnswerFields = Readonly<Record<string, string | number>>;

/**
 * An answer as GitHub shapes it by the request's `Accept`: JSON for a JSON media type (GitHub's own
 * `application/vnd.github+json` too), XML (`<OAuth>…</OAuth>`) for XML, and form-encoded otherwise,
 * its keys sorted as GitHub's are.
 */
export function tokenAnswer(c: Context, fields: AnswerFields, status: 200 | 400 | 404 = 200): Response {
  const accept = (c.req.header('accept') ?? '').toLowerCase();
  if (accept.includes('json')) return c.json(fields, status);
  if (accept.includes('xml')) {
    const elements = Object.entries(fields).map(
      ([key, value]) => `<${key}>${escapeXml(String(value))}</${key}>`,
    );
    return c.body(`<OAuth>${elements.join('')}</OAuth>`, status, {
      'content-type': 'application/xml; charset=utf-8',
    });
  }
  const form = new URLSearchParams(
    Object.entries(fields)
      .map(([key, value]): [string, string] => [key, String(value)])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return c.body(form.toString(), status, {
    'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
  });
}

/** GitHub's answer to an OAuth request for a client it does not know. */
export const clientNotFound = (c: Context): Response => tokenAnswer(c, { error: 'Not Found' }, 404);

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
