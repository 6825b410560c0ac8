import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { httpFixture } from './support/http-fixture.js';

/** Bytes no UTF-8 decoding leaves alone: a PNG signature, then every byte from 0x80 up. */
const PNG_LIKE = Uint8Array.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 128 }, (_, i) => 0x80 + i),
]);

describe('binary bodies go out and come back byte-exact', () => {
  let emulator: Emulator;
  let stored = new Uint8Array();

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.post('/files', async (c) => {
          stored = new Uint8Array(await c.req.arrayBuffer());
          return c.json({ size: stored.byteLength, type: c.req.header('content-type') }, 201);
        });
        app.get('/files/latest', (c) =>
          c.body(stored.slice().buffer as ArrayBuffer, 200, { 'content-type': 'image/png' }),
        );
        app.get('/notes', (c) => c.json({ note: 'still JSON' }));
      },
    });
  });
  afterAll(() => emulator.close());

  const fixture = () => httpFixture({ baseUrl: emulator.baseUrl });

  it('sends a Uint8Array body exactly and reads an image answer as its bytes with responseType binary', async () => {
    const { client, exchanges } = fixture();
    const sent = await client({ effect: 'write' }).request({
      method: 'POST',
      path: '/files',
      headers: { 'content-type': 'image/png' },
      body: PNG_LIKE,
    });
    expect(sent.body).toEqual({ size: PNG_LIKE.byteLength, type: 'image/png' });
    expect(Buffer.from(stored).equals(Buffer.from(PNG_LIKE))).toBe(true);

    const fetched = await client().request({ path: '/files/latest', responseType: 'binary' });
    expect(fetched.body).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(fetched.body as Uint8Array).equals(Buffer.from(PNG_LIKE))).toBe(true);
    // Traces summarise bytes rather than carry them.
    expect(exchanges.map((exchange) => [exchange.requestBody, exchange.responseBody])).toEqual([
      [`<${PNG_LIKE.byteLength} bytes>`, { size: PNG_LIKE.byteLength, type: 'image/png' }],
      [undefined, `<${PNG_LIKE.byteLength} bytes>`],
    ]);
  });

  it('still parses JSON answers when binary is asked for', async () => {
    const answer = await fixture().client().request({ path: '/notes', responseType: 'binary' });
    expect(answer.body).toEqual({ note: 'still JSON' });
  });
});
