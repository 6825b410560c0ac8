/** What the browser shows once the callback is answered: one heading and one paragraph, nothing run. */
export function callbackPage(outcome: { ok: boolean; title: string; text: string }): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(outcome.title)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">',
    `<h1>${outcome.ok ? '&#10003; ' : ''}${escapeHtml(outcome.title)}</h1>`,
    `<p>${escapeHtml(outcome.text)}</p>`,
    '<p>You can close this window and return to the terminal.</p>',
    '</body></html>',
    '',
  ].join('\n');
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text from outside (a provider's error, an account name) shown as text, never as markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]);
}
