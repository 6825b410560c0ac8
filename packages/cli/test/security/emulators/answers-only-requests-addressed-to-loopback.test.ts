import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { rawRequest } from '../../../../engine/test/security/emulators/support/raw-request.js';
import { runCliHere } from '../../support/cli-in-process.js';
import { startCli, TASKS } from '../../support/cli-process.js';

jest.setTimeout(240_000);

/**
 * DNS rebinding: a page of attacker.example has its name resolve to 127.0.0.1, and its scripts then
 * reach a loopback server as if it were attacker.example, with `Host: attacker.example`. A page can
 * also call 127.0.0.1 directly; its requests then carry its `Origin`. An emulator answers neither.
 */
describe('an emulator answers only requests addressed to loopback', () => {
  let emulator: Emulator;
  let port: string;
  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.get('/items', (c) => c.json({ items: ['kept'] }));
        app.post('/items', (c) => c.json({ created: true }, 201));
      },
    });
    port = new URL(emulator.baseUrl).port;
  });
  afterAll(() => emulator.close());
  beforeEach(() => emulator.reset());

  it('refuses a request addressed to another host, before any route runs', async () => {
    const answer = await rawRequest(emulator.baseUrl, '/items', {
      method: 'POST',
      headers: { host: `attacker.example:${port}` },
    });

    expect(answer.status).toBe(421);
    expect(JSON.parse(answer.body).message).toContain(
      'This emulator answers only requests addressed to loopback (localhost, 127.0.0.1, [::1])',
    );
    expect(answer.body).toContain('--allow-host');
    expect(emulator.requests).toEqual([]);
  });

  it('refuses names that only start like loopback, 0.0.0.0, and hosts that are no host', async () => {
    const hosts = [
      '127.0.0.1.attacker.example',
      'localhost.attacker.example',
      '0.0.0.0',
      'user@127.0.0.1',
      '127.0.0.1/x',
    ];
    for (const host of hosts) {
      const answer = await rawRequest(emulator.baseUrl, '/items', { headers: { host } });
      expect({ host, status: answer.status }).toEqual({ host, status: 421 });
    }
  });

  it('answers loopback names and addresses, with their port or without', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      '127.0.0.1',
      'app.localhost',
      `[::1]:${port}`,
    ]) {
      const answer = await rawRequest(emulator.baseUrl, '/items', { headers: { host } });
      expect({ host, status: answer.status }).toEqual({ host, status: 200 });
    }
    expect(emulator.requests).toHaveLength(5);
  });

  it("refuses a page of another site that calls it at 127.0.0.1, and a sandboxed page's", async () => {
    for (const origin of ['https://attacker.example', 'null']) {
      const answer = await rawRequest(emulator.baseUrl, '/items', {
        method: 'POST',
        headers: { host: `127.0.0.1:${port}`, origin },
      });
      expect({ origin, status: answer.status }).toEqual({ origin, status: 403 });
      expect(JSON.parse(answer.body).message).toContain('This emulator answers no page of another site');
    }
    expect(emulator.requests).toEqual([]);
  });

  it('answers a page served from loopback, such as a local app under development', async () => {
    const answer = await rawRequest(emulator.baseUrl, '/items', {
      method: 'POST',
      headers: { host: `127.0.0.1:${port}`, origin: 'http://localhost:3000' },
    });

    expect(answer.status).toBe(201);
  });

  it('answers the names it is told to allow, and those only', async () => {
    const behindProxy = await createEmulator({
      allowedHosts: ['emulators', '10.0.0.5'],
      routes: (app) => app.get('/items', (c) => c.json({ items: [] })),
    });
    try {
      const status = async (host: string) =>
        (await rawRequest(behindProxy.baseUrl, '/items', { headers: { host } })).status;
      expect(await status('emulators:8080')).toBe(200);
      expect(await status('EMULATORS')).toBe(200);
      expect(await status('10.0.0.5:4010')).toBe(200);
      expect(await status('localhost')).toBe(200);
      expect(await status('attacker.example')).toBe(421);
    } finally {
      await behindProxy.close();
    }
  });

  it('refuses an allowed host that is no host name, saying which', async () => {
    await expect(
      createEmulator({ allowedHosts: ['emulators:8080'], routes: () => undefined }),
    ).rejects.toThrow('allowedHosts: "emulators:8080" is not a host name or address without a port');
  });

  it('answers the names toolsteps emulate --allow-host gives, and those only', async () => {
    const cli = startCli([...TASKS, 'emulate', 'tasks', '--allow-host', 'emulators']);
    try {
      const [, baseUrl] = await cli.waitFor(/^tasks emulator: (http:\/\/127\.0\.0\.1:\d+)$/m);
      const headers = { authorization: 'Bearer tasks-demo-token' };
      const status = async (host: string) =>
        (await rawRequest(baseUrl, '/tasks', { headers: { ...headers, host } })).status;
      expect(await status('emulators:8080')).toBe(200);
      expect(await status('attacker.example')).toBe(421);
    } finally {
      cli.child.kill('SIGINT');
    }
    expect((await cli.exited).code).toBe(0);
  });

  it('refuses an --allow-host that is no host name before starting anything', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...TASKS,
      'emulate',
      'tasks',
      '--allow-host',
      'http://emulators',
    ]);

    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe(
      'toolsteps: --allow-host "http://emulators" is not a host name or address without a port, such as emulators or 10.0.0.5\n',
    );
  });
});
