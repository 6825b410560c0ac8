import { afterEach, describe, expect, it } from '@jest/globals';
import { createEngine, MemoryVault } from '@toolsteps/engine';
import github from '../../src/index.js';
import { createGithubEmulator, type GithubEmulator } from '../../src/testing/index.js';

/**
 * The engine's clock for these tests: time passes only when the engine sleeps, so the poll interval
 * (and its slowing down) is what the test reads, not how long the machine takes.
 */
function steppedClock() {
  const waits: number[] = [];
  let now = Date.UTC(2026, 10, 28);
  return {
    waits,
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    },
  };
}

describe("connecting a GitHub account through GitHub's device flow", () => {
  let emulator: GithubEmulator | undefined;
  afterEach(() => emulator?.close());

  /** The emulator (polls allowed every `intervalS`) and an engine on the stepped clock, with its vault. */
  const onTheEmulator = async (intervalS: number) => {
    const created = await createGithubEmulator({ deviceFlowIntervalS: intervalS });
    emulator = created;
    const { clock, waits } = steppedClock();
    const vault = new MemoryVault();
    const engine = await createEngine({
      integrations: [github],
      vault,
      clock,
      oauthClients: { github: created.oauthClient },
    });
    return { engine, vault, waits, gh: created };
  };

  it('shows the code, polls at the interval GitHub gives, and stores the account once the user approves', async () => {
    const { engine, waits, gh } = await onTheEmulator(0);

    const device = await engine.connect.device({
      integration: 'github',
      user: 'ana',
      settings: { baseUrl: gh.baseUrl },
    });
    expect(device.userCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(device.verificationUri).toBe(`${gh.baseUrl}/login/device`);

    // The user approves on the verification page (the emulator at once, as mona).
    const approved = fetch(`${device.verificationUri}?user_code=${device.userCode}&login=mona`);
    await approved;
    const account = await device.complete();

    expect(account).toMatchObject({
      id: 'github-mona',
      user: 'ana',
      name: 'mona',
      settings: { login: 'mona' },
    });
    expect(waits.every((ms) => ms >= 1000)).toBe(true);
    expect(
      (
        await engine.call(
          'github_get_repository',
          { owner: 'octo-org', repo: 'hello-world' },
          { user: 'ana' },
        )
      ).ok,
    ).toBe(true);
  });

  it('waits 5 s longer after GitHub says slow_down, and ends expired without storing anything', async () => {
    const { engine, vault, waits, gh } = await onTheEmulator(5);

    const device = await engine.connect.device({
      integration: 'github',
      settings: { baseUrl: gh.baseUrl },
    });
    const refused = await device.complete().catch((error: unknown) => error);

    // The emulator's own clock is the machine's: polls the engine makes 5 s apart by its clock come
    // sooner by GitHub's, which answers slow_down; the engine then waits the interval GitHub names.
    expect(waits[0]).toBe(5000);
    expect(waits.some((ms) => ms >= 10_000)).toBe(true);
    expect(refused).toMatchObject({ code: 'expired' });
    expect(await vault.list()).toEqual([]);
  });

  it('is refused when the user denies it', async () => {
    const { engine, vault, gh } = await onTheEmulator(0);

    const device = await engine.connect.device({
      integration: 'github',
      settings: { baseUrl: gh.baseUrl },
    });
    await fetch(`${device.verificationUri}?user_code=${device.userCode}&decision=deny`);
    const refused = await device.complete().catch((error: unknown) => error);

    expect(refused).toMatchObject({ code: 'access_denied' });
    expect(await vault.list()).toEqual([]);
  });
});
