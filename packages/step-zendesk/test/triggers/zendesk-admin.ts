import { DEMO_TOKENS, type ZendeskEmulator } from '../../src/testing/index.js';

/** Calls the emulator as Priya, the account's admin, as a person editing webhooks and triggers by hand would. */
export async function asAdmin(
  emulator: ZendeskEmulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const email = emulator.adminAccount.credentials.email as string;
  const basic = Buffer.from(`${email}/token:${DEMO_TOKENS.apiToken}`).toString('base64');
  const response = await fetch(`${emulator.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Basic ${basic}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}
