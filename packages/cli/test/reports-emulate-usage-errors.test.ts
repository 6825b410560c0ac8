import { mkdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliHere } from './support/cli-in-process.js';
import { REPO_ROOT, TASKS } from './support/cli-process.js';
import { holdPort } from './support/free-port.js';

jest.setTimeout(240_000);

const SUPPORT = resolve(import.meta.dirname, 'support');
const REAL_TOKEN = 'ghp_real-token-never-printed-7c1e';

describe('toolsteps emulate refuses what it cannot do, with exit 2', () => {
  let temp: TempFiles;
  let config: string;
  beforeAll(async () => {
    temp = await tempFiles();
    config = await temp.write(
      'toolsteps.config.json',
      JSON.stringify({
        integrations: [
          // By path: the package name does not resolve from a temporary folder.
          `${REPO_ROOT}/packages/step-github/src/index.ts`,
          `${SUPPORT}/integration-without-emulator.ts`,
          `${SUPPORT}/emulator-without-port.ts`,
        ],
      }),
    );
  });
  afterAll(() => temp.remove());

  it('lists the installed emulators in its help, from the integrations loaded', async () => {
    const help = await runCliHere(['--config', config, 'emulate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/\nEmulators installed: github, portless\n$/);

    const tasks = await runCliHere([...TASKS, 'emulate', '--help']);
    expect(tasks.stdout).toMatch(/\nEmulators installed: tasks\n$/);
    // `help emulate` is the same help.
    const asked = await runCliHere([...TASKS, 'help', 'emulate']);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toBe(tasks.stdout);

    const none = await runCliHere(['--config', config, 'emulate']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("error: missing required argument 'integrations'");
    expect(none.stderr).toContain('Emulators installed: github, portless');
  });

  it('names the installed emulators when asked for an integration without one', async () => {
    const { code, stdout, stderr } = await runCliHere(['--config', config, 'emulate', 'github', 'bare']);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'toolsteps: The Bare (no emulator) integration has no emulator (emulators installed: github, portless)\n',
    });
  });

  it('refuses a port that is not one', async () => {
    const ports = ['abc', '-1', '65536', '4010.5'];
    const results = await Promise.all(ports.map((port) => runCliHere(['emulate', 'github', '--port', port])));
    for (const [index, { code, stdout, stderr }] of results.entries()) {
      expect({ code, stdout, stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr: `toolsteps: --port must be 0 to 65535 (got "${ports[index]}")\n`,
      });
    }
  });

  it('refuses a first port that leaves the next emulators no port', async () => {
    const { code, stdout, stderr } = await runCliHere([
      '--config',
      config,
      'emulate',
      'github',
      'portless',
      '--port',
      '65535',
    ]);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'toolsteps: --port 65535 leaves no room for 2 emulators (they take consecutive ports up to 65535)\n',
    });
  });

  it('says a port is in use, and starts nothing', async () => {
    const held = await holdPort();
    try {
      const { code, stdout, stderr } = await runCliHere(['emulate', 'github', '--port', String(held.port)]);
      expect({ code, stdout, stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr: `toolsteps: Port ${held.port} on 127.0.0.1 is in use, so the github emulator cannot listen there: pass another --port, or none for free ports\n`,
      });
    } finally {
      await held.release();
    }
  });

  it('refuses a port for an emulator that cannot take one, rather than write a file that lies', async () => {
    // Held, so the emulator cannot land on it by chance: it listens elsewhere, as it always does.
    const held = await holdPort();
    const file = temp.path('portless.json');
    const { code, stdout, stderr } = await runCliHere([
      '--config',
      config,
      'emulate',
      'portless',
      '--port',
      String(held.port),
      '--accounts-out',
      file,
    ]).finally(() => held.release());
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(
      /^toolsteps: The portless emulator does not take a port \(it listened at http:\/\/127\.0\.0\.1:\d+\): leave out --port\n$/,
    );
    await expect(readFile(file)).rejects.toThrow(/ENOENT/);
  });

  it('says when the accounts file cannot be written, and does not stay up without it', async () => {
    const file = temp.path('no-such-folder/accounts.json');
    const { code, stdout, stderr } = await runCliHere(['emulate', 'github', '--accounts-out', file]);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolsteps: Cannot write accounts file ${file} (ENOENT); it was left as it was\n`,
    });
  });

  it('never replaces a file it did not write, and never prints what it holds', async () => {
    const realAccounts = JSON.stringify({
      accounts: [
        {
          id: 'github-main',
          integration: 'github',
          name: 'main',
          credentials: { token: REAL_TOKEN },
        },
      ],
    });
    const files = {
      accounts: await temp.write('real-accounts.json', realAccounts),
      notJson: await temp.write('notes.txt', `my token is ${REAL_TOKEN}\n`),
    };
    const before = await Promise.all(Object.values(files).map((file) => readFile(file, 'utf8')));
    const results = await Promise.all(
      Object.values(files).map((file) => runCliHere(['emulate', 'github', '--accounts-out', file])),
    );
    for (const [index, file] of Object.values(files).entries()) {
      const { code, stdout, stderr } = results[index];
      expect({ code, stdout, stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr: `toolsteps: --accounts-out ${file} exists and was not written by \`toolsteps emulate\`, so it is not replaced: remove it or name another file\n`,
      });
      expect(await readFile(file, 'utf8')).toBe(before[index]);
    }

    const folder = temp.path('a-folder');
    await mkdir(folder);
    const { code, stderr } = await runCliHere(['emulate', 'github', '--accounts-out', folder]);
    expect({ code, stderr }).toEqual({
      code: 2,
      stderr: `toolsteps: --accounts-out ${folder} is a folder: name a file\n`,
    });
  });
});
