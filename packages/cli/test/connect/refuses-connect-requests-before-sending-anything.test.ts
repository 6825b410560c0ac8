import { stat } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEnrichmentEmulator, type EnrichmentEmulator } from '@toolsteps/step-enrichment/testing';
import { type TempFiles, tempFiles } from '../../../engine/test/support/temp-files.js';
import { runCliHere } from '../support/cli-in-process.js';
import { holdPort } from '../support/free-port.js';

describe('toolsteps connect refuses a request it cannot carry out, before sending anything', () => {
  let emulator: EnrichmentEmulator;
  let temp: TempFiles;
  let accounts: string;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    emulator = await createEnrichmentEmulator();
    temp = await tempFiles();
    accounts = temp.path('accounts.json');
    // No OAuth app in the environment: each test that needs one says so.
    for (const name of ['TOOLSTEPS_GITHUB_CLIENT_ID', 'TOOLSTEPS_GITHUB_CLIENT_SECRET']) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
  });
  afterEach(async () => {
    // Nothing sent, nothing stored.
    expect(emulator.requests).toEqual([]);
    await expect(stat(accounts)).rejects.toMatchObject({ code: 'ENOENT' });
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
    await emulator.close();
    await temp.remove();
  });

  const connect = (...args: string[]) => runCliHere(['connect', ...args, '--accounts', accounts]);

  it('an integration that is not installed', async () => {
    const { code, stderr } = await connect('gihtub');

    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^toolsteps: invalid_request: No integration "gihtub" is installed \(did you mean "github"\?\) \(installed: .*\)\n$/,
    );
  });

  it('an integration that declares no way to connect', async () => {
    const { code, stderr } = await connect('admin');

    expect(code).toBe(2);
    expect(stderr).toContain(
      'toolsteps: not_supported: Administration declares no way to connect an account',
    );
  });

  it.each([
    [['--setting', 'baseUrl'], '--setting "baseUrl": write it as name=value, e.g. --setting baseUrl=…'],
    [
      ['--setting', 'baseurl=http://127.0.0.1:1'],
      '--setting baseurl: Sales Intelligence accounts have no setting "baseurl" (did you mean "baseUrl"?) (settings: baseUrl, apiKeyHeader, personSearchPath, companySearchPath, maxCreditsPerRun)',
    ],
    [['--setting', 'maxCreditsPerRun=lots'], '--setting maxCreditsPerRun: "lots" is not a number'],
    [['--setting', 'baseUrl=a', '--setting', 'baseUrl=b'], '--setting baseUrl is given twice'],
  ])('a bad --setting: %j', async (args, message) => {
    const { code, stderr } = await connect('enrichment', ...args, '--api-key-stdin');

    expect(code).toBe(2);
    expect(stderr).toBe(`toolsteps: ${message}\n`);
  });

  it('settings the connection schema refuses, before a key is asked for', async () => {
    const invalid = await connect('enrichment', '--setting', 'baseUrl=not a url', '--api-key-stdin');
    const missing = await connect('zendesk');

    expect([invalid.code, missing.code]).toEqual([2, 2]);
    expect(invalid.stderr).toMatch(
      /^toolsteps: invalid_request: Sales Intelligence settings are not valid: \/baseUrl .*\(give them with --setting name=value\)\n$/,
    );
    expect(missing.stderr).toMatch(
      /^toolsteps: invalid_request: Zendesk settings are not valid: \/subdomain is required/,
    );
  });

  it('an API-key integration without a key', async () => {
    const { code, stderr } = await connect('enrichment', '--setting', `baseUrl=${emulator.baseUrl}`);

    expect(code).toBe(2);
    expect(stderr).toBe(
      'toolsteps: Sales Intelligence is connected with an API key: give it with --api-key-file <file> or --api-key-stdin (never as an argument, which ps and shell history keep)\n',
    );
  });

  it('an OAuth integration without an OAuth app, saying where to give one', async () => {
    const { code, stderr } = await connect('github');

    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^toolsteps: not_supported: No OAuth app is configured for GitHub: set TOOLSTEPS_GITHUB_CLIENT_ID and TOOLSTEPS_GITHUB_CLIENT_SECRET \(or give --client-id and --client-secret-file\)/,
    );
  });

  it('options of the other way of connecting', async () => {
    const oauthOnKey = await connect('enrichment', '--device', '--client-id', 'app');
    const keyOnOauth = await connect('github', '--api-key-stdin');
    const noDevice = await connect('zendesk', '--setting', 'subdomain=acme', '--device');

    expect(oauthOnKey.stderr).toBe(
      'toolsteps: --device, --client-id: Sales Intelligence is connected with an API key; leave them out\n',
    );
    expect(keyOnOauth.stderr).toBe(
      'toolsteps: --api-key-stdin: GitHub is connected with OAuth authorization; leave it out\n',
    );
    expect(noDevice.stderr).toBe(
      'toolsteps: --device: Zendesk offers no device authorization: leave out --device to connect in the browser\n',
    );
    expect([oauthOnKey.code, keyOnOauth.code, noDevice.code]).toEqual([2, 2, 2]);
  });

  it('a callback port that is taken', async () => {
    const held = await holdPort();
    try {
      const { code, stderr } = await connect('github', '--client-id', 'app', '--port', String(held.port));

      expect(code).toBe(2);
      expect(stderr).toBe(
        `toolsteps: Port ${held.port} on 127.0.0.1 is in use: pass another --port, or none for a free one\n`,
      );
    } finally {
      await held.release();
    }
  });

  it('a --timeout that is not a duration, and a --port that is not one', async () => {
    const timeout = await connect('github', '--timeout', 'soon');
    const port = await connect('github', '--port', '70000');

    expect(timeout).toMatchObject({
      code: 2,
      stderr: 'toolsteps: --timeout: "soon" is not a duration such as 90s, 5m or 1h\n',
    });
    expect(port).toMatchObject({ code: 2, stderr: 'toolsteps: --port must be 0 to 65535 (got "70000")\n' });
  });
});
