import { undici } from './engine-deps.js';
import type { SignedDelivery } from './issue-opened-deliveries.js';

type Client = InstanceType<typeof undici.Client>;

/**
 * Concurrent senders to one hook URL, each its own keep-alive connection (an undici Client, one
 * request at a time). A Pool would hand requests to its first idle connection and leave most of
 * them unused at a paced rate; one connection per sender keeps all of them open and in use.
 */
export class DeliverySenders {
  private readonly clients: Client[];
  private readonly path: string;

  constructor(
    url: string,
    readonly count: number,
  ) {
    const { origin, pathname } = new URL(url);
    this.path = pathname;
    this.clients = Array.from({ length: count }, () => new undici.Client(origin, { pipelining: 1 }));
  }

  /** POSTs a delivery through one sender; resolves with the status once the whole answer is read, 0 when none came. */
  async send(sender: number, delivery: SignedDelivery): Promise<number> {
    try {
      const response = await this.clients[sender % this.count].request({
        method: 'POST',
        path: this.path,
        headers: delivery.headers,
        body: delivery.body,
      });
      await response.body.dump();
      return response.statusCode;
    } catch {
      return 0;
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close()));
  }
}
