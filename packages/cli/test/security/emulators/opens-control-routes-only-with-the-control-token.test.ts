import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { startCli } from '../../support/cli-process.js';

jest.setTimeout(240_000);

/**
 * Control routes (`/_emulator/…`) change an emulator's state at will, such as GitHub's emit, which
 * makes it send signed webhooks. Only whoever was given the emulator's control token may call them.
 */
describe("an emulator's control routes take its control token", () => {
  let emulator: Emulator;
  let resets = 0;
  beforeAll(async () => {
    emulator = await createEmulator({
      authorize: (request) => request.headers.authorization === 'Bearer api-token',
      routes: (app) => {
        app.post('/_emulator/reset', (c) => {
          resets += 1;
          return c.json({ reset: true });
        });
        app.get('/items', (c) => c.json({ items: [] }));
      },
    });
  });
  afterAll(() => emulator.close());
  beforeEach(() => {
    resets = 0;
  });

  const reset = (authorization?: string) =>
    fetch(`${emulator.baseUrl}/_emulator/reset`, {
      method: 'POST',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('refuses a control request without the token, or with another, before the route runs', async () => {
    for (const authorization of [undefined, 'Bearer api-token', `Bearer ${emulator.controlToken}x`]) {
      const answer = await reset(authorization);
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { message: string }).message).toContain(
        'Authorization: Bearer <emulator.controlToken>',
      );
    }
    expect(resets).toBe(0);
  });

  it('runs a control request with the token, which stands in for API credentials there', async () => {
    const answer = await reset(`Bearer ${emulator.controlToken}`);

    expect(answer.status).toBe(200);
    expect(resets).toBe(1);
  });

  it('gives each emulator a token of its own, which opens nothing of the API', async () => {
    const other = await createEmulator({ routes: () => undefined });
    try {
      expect(other.controlToken).not.toBe(emulator.controlToken);
      expect(other.controlToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await other.close();
    }
    const api = await fetch(`${emulator.baseUrl}/items`, {
      headers: { authorization: `Bearer ${emulator.controlToken}` },
    });
    expect(api.status).toBe(401);
  });

  it('is printed by toolsteps emulate, and GitHub emits webhooks over HTTP only with it', async () => {
    const cli = startCli(['emulate', 'github']);
    try {
      const [, baseUrl] = await cli.waitFor(/^github emulator: (http:\/\/127\.0\.0\.1:\d+)$/m);
      const [, token] = await cli.waitFor(
        /^ {2}its control routes \(\/_emulator\/…\) take Authorization: Bearer (\S+)$/m,
      );
      await cli.waitFor(/^Press Ctrl-C to stop\.$/m);
      const printed = cli.stdout();
      const document = JSON.parse(printed.slice(printed.indexOf('{'), printed.lastIndexOf('}') + 1));
      expect(document.emulators[0].controlToken).toBe(token);

      const emit = (headers: Record<string, string>) =>
        fetch(`${baseUrl}/_emulator/webhooks/emit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ event: 'watch', repository: 'octo-org/hello-world', payload: {} }),
        });
      expect((await emit({})).status).toBe(401);
      expect((await emit({ authorization: `Bearer ${token}` })).status).toBe(202);
    } finally {
      cli.child.kill('SIGINT');
    }
    const { code, stderr } = await cli.exited;
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});
