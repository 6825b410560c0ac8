import { constants as bufferConstants } from 'node:buffer';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

type Zlib = (bytes: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Promise<Buffer>;
/** One coding undone, producing at most `max` bytes. */
type Decode = (body: Buffer, max: number) => Promise<Buffer>;

const gunzip: Zlib = promisify(zlib.gunzip);
const inflate: Zlib = promisify(zlib.inflate);
const inflateRaw: Zlib = promisify(zlib.inflateRaw);
const brotli: Zlib = promisify(zlib.brotliDecompress);

/** As fetch decodes: a body cut short decodes as far as it goes instead of failing. */
const LENIENT = {
  finishFlush: zlib.constants.Z_SYNC_FLUSH,
};
const LENIENT_BROTLI = {
  finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
};

/** As many codings as fetch undoes: each layer may cost `maxBytes` of work in the thread pool. */
export const MAX_CODINGS = 5;

/**
 * Undoes the body's content-encoding (gzip, deflate, br, in the reverse order of the header), never
 * producing more than `maxBytes` per layer: past that the answer is `undefined`, so a small
 * compressed body cannot inflate into memory. More than MAX_CODINGS layers throw. A coding fetch would
 * not decode leaves the body as it came. An abort of `signal` stops before the next layer.
 */
export async function decodeBody(
  bytes: Buffer,
  contentEncoding: string | undefined,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer | undefined> {
  if (contentEncoding === undefined || bytes.length === 0) return bytes;
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length > MAX_CODINGS) {
    throw new Error(`it names ${codings.length} codings, more than the ${MAX_CODINGS} undone`);
  }
  const decoders: Decode[] = [];
  for (const coding of codings) {
    const decode = decoderOf(coding);
    if (decode === undefined) return bytes;
    decoders.unshift(decode);
  }
  const max = Math.min(maxBytes, bufferConstants.MAX_LENGTH);
  let body = bytes;
  try {
    for (const decode of decoders) {
      signal.throwIfAborted();
      body = await decode(body, max);
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') return undefined;
    throw error;
  }
  return body;
}

function decoderOf(coding: string): Decode | undefined {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return (body, max) => gunzip(body, { ...LENIENT, maxOutputLength: max });
    case 'deflate':
      // Servers send both zlib-wrapped and raw deflate under this name; a zlib header tells them apart.
      return (body, max) =>
        ((body[0] & 0x0f) === 0x08 ? inflate : inflateRaw)(body, { ...LENIENT, maxOutputLength: max });
    case 'br':
      return (body, max) => brotli(body, { ...LENIENT_BROTLI, maxOutputLength: max });
    default:
      return undefined;
  }
}
