import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createGithubEmulator, type GithubEmulator } from '../../src/testing/index.js';
import { githubHttp } from '../repositories/github-http.js';
import { REPO } from './delivery-kit.js';

/**
 * A hook is registered through the emulator's API, so a hook's URL must not make the emulator POST
 * elsewhere than this machine's loopback (another machine of the network, a cloud metadata
 * address) unless it was told. The receiver here listens on every interface, and the hook names it
 * by this machine's network address: only the emulator's rule keeps the delivery from arriving.
 */
describe('the GitHub emulator delivers webhooks to loopback only, unless told', () => {
  let server: Server;
  let received: string[];
  let networkUrl: string;
  beforeAll(async () => {
    received = [];
    server = createServer((request, response) => {
      received.push(request.headers['x-github-event'] as string);
      request.resume();
      response.writeHead(200, { connection: 'close' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    networkUrl = `http://${networkAddress()}:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  let emulator: GithubEmulator | undefined;
  afterEach(async () => {
    await emulator?.close();
    received = [];
  });

  const addHook = async (url: string) => {
    if (emulator === undefined) throw new Error('no emulator');
    const answer = await githubHttp(emulator, 'POST', `${REPO}/hooks`, {
      body: { name: 'web', events: ['star'], config: { url, content_type: 'json' } },
    });
    expect(answer.status).toBe(201);
    await emulator.webhooksSettled();
    return answer.body.id as number;
  };

  it('registers a hook on another host, and logs its deliveries failed, saying why, sending none', async () => {
    emulator = await createGithubEmulator();
    const hookId = await addHook(networkUrl);
    await githubHttp(emulator, 'PUT', `/user/starred${REPO.slice('/repos'.length)}`);
    await emulator.webhooksSettled();

    expect(received).toEqual([]);
    expect(emulator.deliveries.map(({ event, status, error }) => ({ event, status, error }))).toEqual(
      ['ping', 'star'].map((event) => ({
        event,
        status: 'failed',
        error: expect.stringContaining(`not delivered: ${networkAddress()} is not loopback`),
      })),
    );
    const hook = await githubHttp(emulator, 'GET', `${REPO}/hooks/${hookId}`);
    expect(hook.body.last_response).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('hookHosts'),
    });
  });

  it('delivers to the hosts it is told', async () => {
    emulator = await createGithubEmulator({ hookHosts: [networkAddress()] });
    await addHook(networkUrl);

    expect(received).toEqual(['ping']);
    expect(emulator.deliveries.map(({ status }) => status)).toEqual(['delivered']);
  });
});

/** This machine's first IPv4 address that is not loopback: reachable here, yet not by a loopback name. */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((candidate) => candidate?.family === 'IPv4' && !candidate.internal)?.address;
  if (address === undefined)
    throw new Error('This test needs a network interface besides loopback (ip addr shows none)');
  return address;
}
