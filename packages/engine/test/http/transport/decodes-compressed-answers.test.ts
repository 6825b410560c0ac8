import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from '../support/http-fixture.js';

const ANSWER = { id: 7, title: 'Compressed on the wire' };
const JSON_TEXT = JSON.stringify(ANSWER);

/** An answer whose body is `bytes`, sent as they are with the content-encoding given. */
function encoded(bytes: Buffer, encoding: string): Response {
  return new Response(bytes, {
    headers: { 'content-type': 'application/json', 'content-encoding': encoding },
  });
}

/** The answer gzipped `times` times over. */
function layered(times: number): Buffer {
  let bytes = Buffer.from(JSON_TEXT);
  for (let layer = 0; layer < times; layer++) bytes = gzipSync(bytes);
  return bytes;
}

describe('compressed answers are decoded as fetch decodes them', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.get('/gzip', () => encoded(gzipSync(JSON_TEXT), 'gzip'));
        app.get('/x-gzip', () => encoded(gzipSync(JSON_TEXT), 'x-gzip'));
        app.get('/deflate', () => encoded(deflateSync(JSON_TEXT), 'deflate'));
        // Some servers send raw deflate (no zlib header) under the same name.
        app.get('/raw-deflate', () => encoded(deflateRawSync(JSON_TEXT), 'deflate'));
        app.get('/br', () => encoded(brotliCompressSync(JSON_TEXT), 'br'));
        // Codings apply in order: gzip first, then br; undone in reverse.
        app.get('/layered', () => encoded(brotliCompressSync(gzipSync(JSON_TEXT)), 'gzip, br'));
        app.get('/unknown', () => encoded(Buffer.from(JSON_TEXT), 'x-custom'));
        // Five layers are as many as fetch undoes; a sixth would cost another pass of maxResponseBytes.
        app.get('/five-layers', () => encoded(layered(5), 'gzip, gzip, gzip, gzip, gzip'));
        app.get('/six-layers', () => encoded(layered(6), 'gzip, gzip, gzip, gzip, gzip, gzip'));
        app.get('/corrupt', () => encoded(Buffer.from('this is not gzip at all'), 'gzip'));
      },
    });
  });
  afterAll(() => emulator.close());

  const client = () => httpFixture({ baseUrl: emulator.baseUrl }).client();

  it.each(['gzip', 'x-gzip', 'deflate', 'raw-deflate', 'br', 'layered'])(
    'decodes a %s body before parsing it',
    async (path) => {
      const response = await client().get(`/${path}`);
      expect(response.body).toEqual(ANSWER);
    },
  );

  it('asks for the codings it decodes', async () => {
    await client().get('/gzip');
    expect(emulator.requests.at(-1)?.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('undoes up to five codings, and refuses a sixth before decoding anything', async () => {
    expect((await client().get('/five-layers')).body).toEqual(ANSWER);
    const error = await failure(client().get('/six-layers'));
    expect(error.code).toBe('upstream');
    expect(error.message).toBe(
      'Demo answered GET /six-layers with a body that does not decode as its content-encoding (gzip, gzip, gzip, gzip, gzip, gzip) says: it names 6 codings, more than the 5 undone',
    );
  });

  it('leaves a body of a coding it does not know as it came', async () => {
    const response = await client().get('/unknown');
    expect(response.body).toEqual(ANSWER);
  });

  it('fails a body that does not decode as an upstream error, recording its status', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    const error = await failure(fixture.client().get('/corrupt'));
    expect(error.code).toBe('upstream');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(
      /^Demo answered GET \/corrupt with a body that does not decode as its content-encoding \(gzip\) says: /,
    );
    expect(fixture.exchanges).toEqual([expect.objectContaining({ status: 200, error: error.message })]);
    expect(fixture.exchanges[0]).not.toHaveProperty('responseBody');
  });
});
