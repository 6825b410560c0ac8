import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type ConnectedAccount, REDACTED, type RegistrationRequest } from '@toolsteps/engine';
import { triggerTestContext } from '@toolsteps/engine/testing';
import github, { githubWebhooks } from '../../src/index.js';
import { DEMO_ORG, DEMO_REPO, HUBOT_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const SECRET = 'binding-secret-5f1d2c';
const HOOKS = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/hooks`;

describe("githubWebhooks registers a binding's hook at GitHub, idempotently", () => {
  const gh = useGithubEmulator();
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await gh.emulator.webhooksSettled();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const request = (overrides: Partial<RegistrationRequest> = {}): RegistrationRequest => ({
    config: { ...DEMO_REPO },
    url: receiver.url('/hooks/triage-new-bugs'),
    secret: SECRET,
    subscribes: ['issues'],
    ...overrides,
  });
  // As the trigger host builds it: the secret may be sent by this client alone, and is redacted from its exchanges.
  const context = (account: ConnectedAccount = gh.emulator.account) =>
    triggerTestContext({ integration: github, account, secret: SECRET });
  const hooksAt = async (path = HOOKS) => (await githubHttp(gh.emulator, 'GET', path)).body as any[];
  /** The secret GitHub keeps for a hook (its API only ever shows `********`). */
  const secretOf = (hookId: unknown) => gh.emulator.state.hooks.byId(Number(hookId))?.config.secret;

  it('creates a repository hook that sends JSON, signed with the secret, for the events subscribed', async () => {
    const ctx = await context();

    const { registration } = await githubWebhooks.register(
      request({ subscribes: ['issues', 'issue_comment'] }),
      ctx,
    );

    expect(ctx.exchanges.map((exchange) => `${exchange.method} ${exchange.path}`)).toEqual([
      `GET ${HOOKS}?per_page=100&page=1`,
      `POST ${HOOKS}`,
    ]);
    expect(ctx.exchanges[1].requestBody).toEqual({
      name: 'web',
      config: { url: request().url, content_type: 'json', secret: REDACTED, insecure_ssl: '0' },
      events: ['issues', 'issue_comment'],
      active: true,
    });
    expect(secretOf(registration.hookId)).toBe(SECRET);
    expect(await hooksAt()).toEqual([
      expect.objectContaining({
        id: registration.hookId,
        active: true,
        events: ['issues', 'issue_comment'],
        config: expect.objectContaining({ url: request().url, content_type: 'json', insecure_ssl: '0' }),
      }),
    ]);
    expect(registration).toEqual({ ...DEMO_REPO, hookId: expect.any(Number) });
  });

  it('creates an organization hook when the config names only org', async () => {
    const { registration } = await githubWebhooks.register(
      request({ config: { org: DEMO_ORG } }),
      await context(),
    );

    expect(registration).toEqual({ org: DEMO_ORG, hookId: expect.any(Number) });
    expect((await hooksAt(`/orgs/${DEMO_ORG}/hooks`)).map((hook) => hook.id)).toEqual([registration.hookId]);
    expect(await hooksAt()).toEqual([]);
  });

  it('reuses the hook already there for its URL, brought back to what the binding asks', async () => {
    const first = await githubWebhooks.register(request(), await context());
    await githubHttp(gh.emulator, 'PATCH', `${HOOKS}/${first.registration.hookId}`, {
      body: { active: false, events: ['push'] },
    });

    const ctx = await context();
    const again = await githubWebhooks.register(request(), ctx);

    expect(again.registration).toEqual(first.registration);
    expect(ctx.exchanges.map((exchange) => exchange.method)).toEqual(['GET', 'PATCH']);
    expect(await hooksAt()).toEqual([
      expect.objectContaining({ id: first.registration.hookId, active: true, events: ['issues'] }),
    ]);
  });

  it('repairs in place the hook a reconcile hands back as previous: same id, settings and secret restored', async () => {
    const { registration } = await githubWebhooks.register(request(), await context());
    for (const edit of [
      { events: ['push'] },
      { active: false },
      // GitHub removes the secret of an update that leaves it out.
      { config: { url: receiver.url('/elsewhere'), content_type: 'form' } },
    ]) {
      await githubHttp(gh.emulator, 'PATCH', `${HOOKS}/${registration.hookId}`, { body: edit });
      const ctx = await context();

      const repaired = await githubWebhooks.register({ ...request(), previous: registration }, ctx);

      expect(repaired.registration).toEqual(registration);
      expect(ctx.exchanges.map((exchange) => `${exchange.method} ${exchange.status}`)).toEqual(['PATCH 200']);
      expect(await hooksAt()).toEqual([
        expect.objectContaining({
          id: registration.hookId,
          active: true,
          events: ['issues'],
          config: { url: request().url, content_type: 'json', insecure_ssl: '0', secret: '********' },
        }),
      ]);
      expect(secretOf(registration.hookId)).toBe(SECRET);
    }
  });

  it('creates a hook anew when the previous one was deleted since, and leaves one of another repository', async () => {
    const { registration } = await githubWebhooks.register(request(), await context());
    await githubHttp(gh.emulator, 'DELETE', `${HOOKS}/${registration.hookId}`);
    const ctx = await context();

    const recreated = await githubWebhooks.register({ ...request(), previous: registration }, ctx);

    expect(ctx.exchanges.map((exchange) => `${exchange.method} ${exchange.status}`)).toEqual([
      'PATCH 404',
      'GET 200',
      'POST 201',
    ]);
    expect((await hooksAt()).map((hook) => hook.id)).toEqual([recreated.registration.hookId]);

    // A binding moved to its organization: the repository's hook is no previous of the organization's.
    const moved = await context();
    await githubWebhooks.register(
      { ...request({ config: { org: DEMO_ORG } }), previous: recreated.registration },
      moved,
    );
    expect(moved.exchanges.map((exchange) => exchange.method)).toEqual(['GET', 'POST']);
  });

  it('says whether the hook still stands as registered: ok, changed by hand, or missing', async () => {
    const ctx = await context();
    let { registration } = await githubWebhooks.register(request(), ctx);
    const inspect = () => githubWebhooks.inspect(registration, request(), ctx);

    expect(await inspect()).toBe('ok');
    for (const edit of [
      { events: ['issues', 'push'] },
      { active: false },
      { config: { url: request().url, content_type: 'form' } },
      { config: { url: request().url, content_type: 'json', insecure_ssl: '1', secret: SECRET } },
      { config: { url: receiver.url('/elsewhere'), secret: SECRET } },
      // The same settings, the secret left out: GitHub removes it, and deliveries go unsigned.
      { config: { url: request().url, content_type: 'json', insecure_ssl: '0' } },
    ]) {
      await githubHttp(gh.emulator, 'PATCH', `${HOOKS}/${registration.hookId}`, { body: edit });
      expect({ edit, state: await inspect() }).toEqual({ edit, state: 'changed' });
      // What a reconcile does: register again, handing back the registration it found changed.
      ({ registration } = await githubWebhooks.register({ ...request(), previous: registration }, ctx));
      expect(await inspect()).toBe('ok');
    }
    await githubHttp(gh.emulator, 'DELETE', `${HOOKS}/${registration.hookId}`);
    expect(await inspect()).toBe('missing');
  });

  it('deletes the hook on unregister, and a hook already gone is not an error', async () => {
    const ctx = await context();
    const { registration } = await githubWebhooks.register(request(), ctx);

    await githubWebhooks.unregister(registration, ctx);
    await githubWebhooks.unregister(registration, ctx);

    expect(await hooksAt()).toEqual([]);
    expect(ctx.exchanges.slice(-2).map((exchange) => [exchange.method, exchange.status])).toEqual([
      ['DELETE', 204],
      ['DELETE', 404],
    ]);
  });

  it('says which right is missing when GitHub refuses: repository admin and admin:repo_hook', async () => {
    const hubot = gh.emulator.accountFor('hubot', HUBOT_TOKEN);

    await expect(githubWebhooks.register(request(), await context(hubot))).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(
        /octo-org\/hello-world.*admin rights on the repository.*admin:repo_hook/,
      ),
    });
    await expect(
      githubWebhooks.register(request({ config: { org: DEMO_ORG } }), await context(hubot)),
    ).rejects.toMatchObject({ message: expect.stringMatching(/owner of the organization.*admin:org_hook/) });
    expect(await hooksAt()).toEqual([]);
  });

  it('fails forbidden on a 403 to create the hook, naming the scope, and creates nothing', async () => {
    gh.emulator.faults.inject({
      method: 'POST',
      path: HOOKS,
      status: 403,
      body: { message: 'Resource not accessible by personal access token', status: '403' },
    });

    await expect(githubWebhooks.register(request(), await context())).rejects.toMatchObject({
      code: 'forbidden',
      status: 403,
      message: expect.stringContaining('GitHub refused to create a webhook on octo-org/hello-world (403)'),
    });
    expect(await hooksAt()).toEqual([]);
  });

  it("receives GitHub's signed ping on creation, which verifies with the secret and is no event", async () => {
    const url = receiver.url('/hooks/ping-check');
    await githubWebhooks.register(request({ url }), await context());
    await gh.emulator.webhooksSettled();

    const ping = receiver.received.find((delivery) => delivery.path === '/hooks/ping-check');

    expect(ping?.headers['x-github-event']).toBe('ping');
    expect(await githubWebhooks.verify(ping!, SECRET)).toBe(true);
    expect(await githubWebhooks.verify(ping!, 'another secret')).toBe(false);
    expect(githubWebhooks.deliveryId(ping!)).toBe(ping!.headers['x-github-delivery']);
  });
});
