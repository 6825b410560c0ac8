import { DEMO_TOKEN, type GithubEmulator } from '../../src/testing/index.js';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** One raw request to the emulator, for the endpoints no step sends (or to arrange state as a user would). */
export async function githubHttp(
  emulator: GithubEmulator,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<HttpAnswer> {
  const response = await fetch(`${emulator.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${options.token ?? DEMO_TOKEN}`,
      accept: 'application/vnd.github+json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}
