import { open } from 'node:fs/promises';

/** A file refused for its size, before more than `limit` bytes of it were read. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
  constructor(
    readonly file: string,
    readonly limit: number,
  ) {
    super(`${file} is larger than ${formatBytes(limit)}`);
  }
}

const CHUNK = 64 * 1024;

/**
 * Reads a UTF-8 file of at most `maxBytes`, or throws a FileTooLargeError. The size is checked
 * first, then counted while reading: a file may grow after its size was taken, and pipes have none.
 */
export async function readBoundedFile(file: string, maxBytes: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw new FileTooLargeError(file, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(CHUNK, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw new FileTooLargeError(file, maxBytes);
      chunks.push(chunk.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** `4 MiB`, `512 KiB`, `300 bytes`: limits as people write them. */
export function formatBytes(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 * 1024 * 1024, 'GiB'],
    [1024 * 1024, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}
