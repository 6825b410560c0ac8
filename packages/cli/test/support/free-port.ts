import { createServer, type Server } from 'node:net';

/** A server holding a port on 127.0.0.1, for a test that needs it taken. */
export async function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    release: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port that was free a moment ago: the system hands it out, the test gives it back at once. */
export async function freePort(): Promise<number> {
  const held = await holdPort();
  await held.release();
  return held.port;
}
