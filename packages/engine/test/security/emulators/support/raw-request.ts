import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * One request to an emulator with headers as a browser could send them: `fetch` will not set `Host`,
 * which is what DNS rebinding changes, so this goes through `node:http`.
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(new URL(path, baseUrl), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}
