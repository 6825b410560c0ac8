import { describe, expect, it } from '@jest/globals';
import { useTriggerHost } from './trigger-host-world.js';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The same digest spelled otherwise: the last character's two low bits are read by no decoder. */
function respelled(signature: string): string {
  const last = BASE64.indexOf(signature[42]);
  return `${signature.slice(0, 42)}${BASE64[last ^ 1]}=`;
}

describe('a Zendesk delivery replayed within its signature window under a new invocation id', () => {
  const world = useTriggerHost();

  it('is answered 200 duplicate and runs nothing, however its signature is spelled', async () => {
    const { sent } = await world.oneStatusDelivery();
    expect(sent.statusCode).toBe(202);

    // What someone who saw the request holds: its headers and bytes. The invocation id is not signed.
    const replay = (invocationId: string, signature: string) =>
      fetch(world.host.urlOf('on-status'), {
        method: 'POST',
        headers: {
          ...sent.headers,
          'x-zendesk-webhook-invocation-id': invocationId,
          'x-zendesk-webhook-signature': signature,
        },
        body: sent.body,
      });
    const signature = sent.headers['x-zendesk-webhook-signature'];
    const answers = [await replay('9900000001', signature), await replay('9900000002', respelled(signature))];
    await world.settled();

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await answers[0].json()).toEqual({ duplicate: true, delivery: '9900000001' });
    const kept = await world.host.deliveries({ bindingId: 'on-status' });
    expect(kept.map((delivery) => delivery.id)).toEqual([sent.invocationId]);
    expect(kept[0].runs).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(world.events.filter((event) => event.type === 'run.started')).toHaveLength(1);
  });
});
