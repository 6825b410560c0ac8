import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery } from '@toolsteps/engine';

/** A loopback URL that records what is POSTed to it, as a trigger receiver gets it (headers, raw bytes, JSON). */
export interface WebhookReceiver {
  url(path: string): string;
  readonly received: Array<WebhookDelivery & { path: string }>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: WebhookReceiver['received'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = new Uint8Array(Buffer.concat(chunks));
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      received.push({
        path: request.url ?? '',
        headers,
        rawBody,
        body: JSON.parse(new TextDecoder().decode(rawBody)),
      });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
