import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { collectBody } from '../../../src/http/transport/collect-body.js';

/** Chunks as a socket gives them: small views into much larger read buffers. */
function viewsOfLargeBuffers(count: number, bufferSize: number): Buffer[] {
  return Array.from({ length: count }, (_, index) => Buffer.alloc(bufferSize, index % 10).subarray(0, 1));
}

describe('a body is collected by copying, never by keeping the chunks', () => {
  it('answers one buffer of the body’s size, whatever the chunks were views of', async () => {
    const chunks = viewsOfLargeBuffers(1000, 64 * 1024);
    const body = await collectBody(Readable.from(chunks), 10_000, Number.NaN);
    expect(body?.length).toBe(1000);
    // One buffer of its own: none of the 64 KiB read buffers (64 MiB in all) is kept alive by it.
    expect(body?.buffer.byteLength).toBeLessThanOrEqual(16 * 1024);
    expect([...(body ?? [])].slice(0, 12)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1]);
  });

  it('grows past its first guess and keeps every byte in order', async () => {
    const text = 'abcdefghij'.repeat(5000);
    const chunks = Array.from({ length: 50 }, (_, index) =>
      Buffer.from(text.slice(index * 1000, index * 1000 + 1000)),
    );
    const body = await collectBody(Readable.from(chunks), 1_000_000, Number.NaN);
    expect(body?.toString()).toBe(text);
  });

  it('stops at the limit, even when the declared length said less', async () => {
    const body = await collectBody(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), 1000, 100);
    expect(body).toBeUndefined();
  });
});
