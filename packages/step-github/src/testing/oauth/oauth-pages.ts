import type { Context } from '@toolsteps/emulator';

/**
 * The few pages of github.com the emulator's OAuth flows show a browser. There is no sign-in and no
 * consent screen: a flow is decided at once (see authorize-endpoint.ts), so these only say what happened.
 */
export function oauthPage(c: Context, status: 200 | 400 | 404 | 422, title: string, ...lines: string[]) {
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return c.html(page(title, paragraphs), status);
}

/** `GET /login/device` without a code: where a user types the code a device shows. */
export function deviceCodeForm(c: Context) {
  const body = `<form method="get" action="/login/device">
<label>Enter the code displayed on your device <input name="user_code" placeholder="XXXX-XXXX" autofocus></label>
<button type="submit">Continue</button>
</form>
<p>Emulator: the code is approved at once as octocat; add login=hubot (or mona) to approve as another seeded user, or decision=deny to cancel.</p>`;
  return c.html(page('Device activation', body), 200);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)} · GitHub emulator</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
