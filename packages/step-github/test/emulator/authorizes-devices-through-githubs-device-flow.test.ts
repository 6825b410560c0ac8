import { describe, expect, it } from '@jest/globals';
import { createGithubEmulator, DEMO_OAUTH_CLIENT_ID, type GithubEmulator } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { BAD_VERIFICATION_CODE, DEVICE_GRANT, errorOf, oauthPost, whoAmI } from './oauth-kit.js';

const github = useGithubEmulator({ fakeClock: true });
const SECOND = 1000;
const DEVICE_ERRORS =
  'https://docs.github.com/developers/apps/authorizing-oauth-apps#error-codes-for-the-device-flow';

interface DeviceCode {
  device_code: string;
  user_code: string;
  verification_uri: string;
  expires_in: number;
  interval: number;
}

async function deviceCode(emulator: GithubEmulator, scope = 'repo'): Promise<DeviceCode> {
  const answer = await oauthPost(emulator, '/login/device/code', { client_id: DEMO_OAUTH_CLIENT_ID, scope });
  expect(answer.status).toBe(200);
  return answer.body as unknown as DeviceCode;
}

/** One poll of the token endpoint, as a device does. */
async function poll(emulator: GithubEmulator, device: string, clientId = DEMO_OAUTH_CLIENT_ID) {
  const answer = await oauthPost(emulator, '/login/oauth/access_token', {
    client_id: clientId,
    device_code: device,
    grant_type: DEVICE_GRANT,
  });
  return answer.body as Record<string, unknown>;
}

/** The user's visit to the verification page with the code (and the emulator-only parameters). */
async function enter(emulator: GithubEmulator, userCode: string, params: Record<string, string> = {}) {
  const answer = await fetch(
    `${emulator.baseUrl}/login/device?${new URLSearchParams({ user_code: userCode, ...params })}`,
  );
  return { status: answer.status, text: await answer.text() };
}

describe("the device flow, as GitHub's", () => {
  it('gives codes to show, approves the user code at /login/device, then hands the token out once', async () => {
    const { emulator, clock } = github;
    const code = await deviceCode(emulator, 'repo read:org');
    expect(code).toEqual({
      device_code: expect.stringMatching(/^[0-9a-f]{40}$/),
      user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verification_uri: `${emulator.baseUrl}/login/device`,
      expires_in: 900,
      interval: 5,
    });
    expect(await poll(emulator, code.device_code)).toEqual({
      error: 'authorization_pending',
      error_description: 'The authorization request is still pending.',
      error_uri: DEVICE_ERRORS,
    });

    const form = await fetch(code.verification_uri);
    expect(await form.text()).toContain('name="user_code"');
    // Typed as a user may: lower case, no hyphen.
    const entered = await enter(emulator, code.user_code.replace('-', '').toLowerCase());
    expect(entered.status).toBe(200);
    expect(entered.text).toContain('now authorized as octocat');

    await clock.sleep(5 * SECOND);
    const granted = await poll(emulator, code.device_code);
    expect(granted).toEqual({
      access_token: expect.stringMatching(/^gho_/),
      scope: 'repo,read:org',
      token_type: 'bearer',
    });
    const user = await whoAmI(emulator, granted.access_token as string);
    expect([user.body.login, user.headers.get('x-oauth-scopes')]).toEqual(['octocat', 'repo, read:org']);

    await clock.sleep(5 * SECOND);
    expect(errorOf(await poll(emulator, code.device_code))).toEqual(BAD_VERIFICATION_CODE);
    expect(emulator.oauthGrants().map((grant) => grant.tokens)).toEqual([1]);
  });

  it('answers slow_down to a poll sooner than the interval, raising it by 5 seconds each time', async () => {
    const { emulator, clock } = github;
    const code = await deviceCode(emulator);
    expect((await poll(emulator, code.device_code)).error).toBe('authorization_pending');
    expect(await poll(emulator, code.device_code)).toEqual({
      error: 'slow_down',
      error_description: 'Too many requests have been made in the same timeframe.',
      error_uri: 'https://docs.github.com',
      interval: 10,
    });
    await clock.sleep(9 * SECOND);
    expect(await poll(emulator, code.device_code)).toMatchObject({ error: 'slow_down', interval: 15 });
    await clock.sleep(15 * SECOND);
    expect((await poll(emulator, code.device_code)).error).toBe('authorization_pending');
    // Even an approved code is handed out only at the pace asked.
    await enter(emulator, code.user_code);
    expect((await poll(emulator, code.device_code)).error).toBe('slow_down');
    expect(emulator.oauthGrants()).toEqual([]);
  });

  it('answers access_denied for good once the user cancels', async () => {
    const { emulator, clock } = github;
    const code = await deviceCode(emulator);
    const cancelled = await enter(emulator, code.user_code, { decision: 'deny' });
    expect(cancelled.status).toBe(200);
    expect(await poll(emulator, code.device_code)).toEqual({
      error: 'access_denied',
      error_description: 'The authorization request was denied.',
      error_uri: DEVICE_ERRORS,
    });
    const again = await enter(emulator, code.user_code);
    expect([again.status, again.text]).toEqual([404, expect.stringContaining('already been used')]);
    await clock.sleep(5 * SECOND);
    expect((await poll(emulator, code.device_code)).error).toBe('access_denied');
    expect(emulator.oauthGrants()).toEqual([]);
  });

  it('expires the codes after 15 minutes by the emulator clock', async () => {
    const { emulator, clock } = github;
    const approved = await deviceCode(emulator);
    const untouched = await deviceCode(emulator);
    await enter(emulator, approved.user_code);
    await clock.sleep(900 * SECOND);
    for (const code of [approved, untouched]) {
      expect(await poll(emulator, code.device_code)).toEqual({
        error: 'expired_token',
        error_description: "This 'device_code' has expired.",
        error_uri: DEVICE_ERRORS,
      });
    }
    expect((await enter(emulator, untouched.user_code)).status).toBe(404);
    expect(emulator.oauthGrants()).toEqual([]);
  });

  it('approves as the seeded user login names, and turns an unknown one away', async () => {
    const { emulator, clock } = github;
    const code = await deviceCode(emulator);
    const stranger = await enter(emulator, code.user_code, { login: 'nobody' });
    expect(stranger.status).toBe(422);
    expect((await poll(emulator, code.device_code)).error).toBe('authorization_pending');
    expect((await enter(emulator, code.user_code, { login: 'mona' })).status).toBe(200);
    await clock.sleep(5 * SECOND);
    const token = (await poll(emulator, code.device_code)).access_token as string;
    expect((await whoAmI(emulator, token)).body.login).toBe('mona');
  });

  it('refuses unknown device codes, user codes and clients', async () => {
    const { emulator } = github;
    const code = await deviceCode(emulator);
    expect(await poll(emulator, 'f'.repeat(40))).toEqual({
      error: 'incorrect_device_code',
      error_description: 'The device_code provided is not valid.',
      error_uri: DEVICE_ERRORS,
    });
    expect(await poll(emulator, code.device_code, 'Ov23liNoSuchApp00000')).toEqual({ error: 'Not Found' });
    const unknownClient = await oauthPost(emulator, '/login/device/code', {
      client_id: 'Ov23liNoSuchApp00000',
    });
    expect([unknownClient.status, unknownClient.body]).toEqual([404, { error: 'Not Found' }]);
    expect((await enter(emulator, 'BCDF-GHJK')).status).toBe(404);
  });

  it('lets a test poll at will with deviceFlowIntervalS: 0', async () => {
    const emulator = await createGithubEmulator({ deviceFlowIntervalS: 0 });
    try {
      const code = await deviceCode(emulator);
      expect(code.interval).toBe(0);
      expect((await poll(emulator, code.device_code)).error).toBe('authorization_pending');
      expect((await poll(emulator, code.device_code)).error).toBe('authorization_pending');
      await enter(emulator, code.user_code);
      expect((await poll(emulator, code.device_code)).access_token).toMatch(/^gho_/);
    } finally {
      await emulator.close();
    }
    await expect(createGithubEmulator({ deviceFlowIntervalS: -1 })).rejects.toThrow('deviceFlowIntervalS');
  });
});
