import { describe, expect, it } from '@jest/globals';
import { useGithubEmulator } from '../github-fixture.js';
import { THANK_REPORTERS, useGithubTriggerHost } from './trigger-host-world.js';

describe("a GitHub delivery's signed body resent under a new X-GitHub-Delivery", () => {
  const gh = useGithubEmulator();
  const world = useGithubTriggerHost(gh);

  it('is answered 200 duplicate and runs nothing; without its signature it is refused 401', async () => {
    const serving = world.host;
    await serving.activate(THANK_REPORTERS.id);
    expect(await world.openIssue('Crash on save')).toEqual([202]);
    const sent = gh.emulator.deliveries.find((delivery) => delivery.event === 'issues')!;

    // What someone who saw the request holds: its headers and bytes. The delivery id is not signed.
    const resend = (headers: Record<string, string>) =>
      fetch(serving.urlOf(THANK_REPORTERS.id), { method: 'POST', headers, body: sent.body });
    const replayed = await resend({
      ...sent.headers,
      'x-github-delivery': 'f0e1d2c3-0000-4000-8000-000000000001',
    });
    const { 'x-hub-signature-256': _signature, ...unsigned } = sent.headers;
    const stripped = await resend({
      ...unsigned,
      'x-github-delivery': 'f0e1d2c3-0000-4000-8000-000000000002',
    });
    await serving.idle();

    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toMatchObject({ duplicate: true });
    expect(stripped.status).toBe(401);
    // Kept: GitHub's ping at activation and the issue's delivery, nothing more.
    const kept = await serving.deliveries({ bindingId: THANK_REPORTERS.id });
    expect(kept.map((delivery) => delivery.id)).toEqual(
      gh.emulator.deliveries.map((delivery) => delivery.id),
    );
    expect(world.events.filter((event) => event.type === 'run.started')).toHaveLength(1);
  });
});
