import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from './support/http-fixture.js';

const LIMIT = 1024;

describe('answers larger than maxResponseBytes are refused', () => {
  let emulator: Emulator;
  let chunksSent = 0;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.get('/declared', (c) => c.text('x'.repeat(LIMIT + 1)));
        app.get('/small', (c) => c.text('x'.repeat(LIMIT)));
        // A small compressed body that inflates far past the limit: its content-length bounds nothing.
        app.get('/compressed', () => {
          const body = gzipSync(Buffer.alloc(64 * LIMIT, 'z'));
          return new Response(body, {
            headers: {
              'content-type': 'text/plain',
              'content-encoding': 'gzip',
              'content-length': String(body.length),
            },
          });
        });
        // Chunked, no content-length: 64 chunks of 512 bytes, far past the limit if read to the end.
        app.get('/streamed', () => {
          chunksSent = 0;
          const chunk = new TextEncoder().encode('y'.repeat(512));
          const stream = new ReadableStream<Uint8Array>({
            async pull(controller) {
              if (chunksSent === 64) return controller.close();
              chunksSent += 1;
              controller.enqueue(chunk);
              await new Promise((resolve) => setTimeout(resolve, 2));
            },
          });
          return new Response(stream, { headers: { 'content-type': 'text/plain' } });
        });
      },
    });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  const fixture = () => httpFixture({ baseUrl: emulator.baseUrl, binding: { maxResponseBytes: LIMIT } });

  it('refuses an answer whose content-length is over the limit', async () => {
    const { client, exchanges } = fixture();
    const error = await failure(client().get('/declared'));
    expect(error.code).toBe('upstream');
    expect(error.message).toBe(
      "Demo's answer to GET /declared declares 1025 bytes, over the 1 KiB limit (maxResponseBytes): ask for less at a time (smaller pages, fewer fields)",
    );
    expect(emulator.requests).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({ status: 200, error: error.message });
  });

  it('refuses a chunked answer once it passes the limit, without reading the rest', async () => {
    const { client } = fixture();
    const error = await failure(client().get('/streamed'));
    expect(error.code).toBe('upstream');
    expect(error.message).toMatch(/passed 1 KiB while streaming, over the 1 KiB limit/);
    expect(chunksSent).toBeLessThan(64);
    expect(emulator.requests).toHaveLength(1);
  });

  it('accepts an answer exactly at the limit', async () => {
    const { client } = fixture();
    const response = await client().get<string>('/small');
    expect(response.body).toHaveLength(LIMIT);
  });

  it('counts a compressed answer as it inflates: its small content-length does not let it through', async () => {
    const { client } = fixture();
    const error = await failure(client().get('/compressed'));
    expect(error.code).toBe('upstream');
    expect(error.message).toMatch(/passed 1 KiB while decompressing, over the 1 KiB limit/);
  });
});
