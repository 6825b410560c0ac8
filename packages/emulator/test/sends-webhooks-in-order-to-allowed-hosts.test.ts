import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator, type SentWebhook, WebhookSender } from '@toolsteps/emulator';

/** A delivery as an API's emulator logs it: the kit's fields plus its own. */
interface Delivery extends SentWebhook {
  id: string;
}

function delivery(id: string, url: string): Delivery {
  return {
    id,
    url,
    headers: { 'content-type': 'application/json', 'x-delivery': id },
    body: JSON.stringify({ id }),
    redelivery: false,
    status: 'pending',
    statusCode: null,
  };
}

describe('a webhook sender', () => {
  let receiver: Emulator;
  beforeAll(async () => {
    receiver = await createEmulator({
      routes: (app) => {
        app.post('/hook', (c) => c.body(null, 204));
        app.post('/broken', (c) => c.json({ message: 'down' }, 500));
      },
    });
  });
  afterAll(() => receiver.close());

  it('posts one queue in order, signed just before sending, and logs each answer', async () => {
    receiver.reset();
    const sender = new WebhookSender<Delivery>({ timeoutMs: 5_000 });
    const settled: string[] = [];
    for (const id of ['a', 'b', 'c']) {
      sender.send(delivery(id, `${receiver.baseUrl}/hook`), {
        queue: 1,
        sign: (sent) => {
          sent.headers['x-signature'] = `signed ${sent.body}`;
        },
        settled: (sent) => settled.push(`${sent.id} ${sent.status} ${sent.statusCode}`),
      });
    }
    sender.send(delivery('d', `${receiver.baseUrl}/broken`), { queue: 1 });

    expect(sender.log.map((sent) => sent.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    await sender.settled();

    expect(receiver.requests.map((request) => request.headers['x-delivery'])).toEqual(['a', 'b', 'c', 'd']);
    expect(receiver.requests[0].headers['x-signature']).toBe('signed {"id":"a"}');
    expect(settled).toEqual(['a delivered 204', 'b delivered 204', 'c delivered 204']);
    expect(sender.log.map((sent) => `${sent.id} ${sent.status} ${sent.statusCode}`)).toEqual([
      'a delivered 204',
      'b delivered 204',
      'c delivered 204',
      'd delivered 500',
    ]);
  });

  it('sends nothing to a host it was not given, and logs why', async () => {
    receiver.reset();
    const sender = new WebhookSender<Delivery>({ timeoutMs: 5_000 });
    let signed = false;

    const sent = sender.send(delivery('far', 'http://192.0.2.10/hook'), {
      queue: 'far',
      sign: () => {
        signed = true;
      },
    });
    await sender.settled();

    expect(sent).toMatchObject({ status: 'failed', statusCode: null });
    expect(sent.error).toMatch(/^not delivered: 192\.0\.2\.10 is not loopback/);
    expect(signed).toBe(false);
    expect(receiver.requests).toEqual([]);
  });

  it('logs what is still queued when it closes as failed, unsent', async () => {
    receiver.reset();
    const sender = new WebhookSender<Delivery>({ timeoutMs: 5_000 });

    const sent = sender.send(delivery('late', `${receiver.baseUrl}/hook`), { queue: 1 });
    await sender.close();

    expect(sent).toMatchObject({ status: 'failed', error: 'the emulator closed' });
    expect(receiver.requests).toEqual([]);
  });
});
