import { describe, expect, it, jest } from '@jest/globals';
import { startCli, TASKS } from './support/cli-process.js';

jest.setTimeout(240_000);

describe('toolsteps emulate', () => {
  it('serves the emulator at the printed URL with the printed demo account, and stops on SIGINT', async () => {
    const cli = startCli([...TASKS, 'emulate', 'tasks']);
    const [, baseUrl] = await cli.waitFor(/^tasks emulator: (http:\/\/127\.0\.0\.1:\d+)$/m);
    await cli.waitFor(/^Press Ctrl-C to stop\.$/m);
    const printed = cli.stdout();
    const { accounts } = JSON.parse(printed.slice(printed.indexOf('{'), printed.lastIndexOf('}') + 1));
    expect(accounts).toEqual([
      {
        id: 'tasks-demo',
        integration: 'tasks',
        name: 'Demo tasks',
        settings: { baseUrl },
        credentials: { token: expect.any(String) },
      },
    ]);

    const listed = await fetch(`${baseUrl}/tasks?label=stale`, {
      headers: { authorization: `Bearer ${accounts[0].credentials.token}` },
    });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { tasks: { id: number }[] }).tasks.map((task) => task.id)).toEqual([
      2, 4,
    ]);
    const refused = await fetch(`${baseUrl}/tasks`, { headers: { authorization: 'Bearer wrong-token' } });
    expect(refused.status).toBe(401);

    cli.child.kill('SIGINT');
    const { code, signal, stderr } = await cli.exited;
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    await expect(fetch(`${baseUrl}/tasks`)).rejects.toThrow();
  });
});
