import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { HttpExchange, HttpMethod } from '@toolsteps/engine';
import { DEMO_REPO, HUBOT_TOKEN } from '../../src/testing/index.js';
import { GithubOpenApi } from '../fidelity/github-openapi.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';
import { WebhookReceiver } from './webhook-receiver.js';
import { WebhookSchemas } from './webhook-schemas.js';

const github = useGithubEmulator();
const openApi = new GithubOpenApi();
const REPO_HOOKS = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/hooks`;
const ORG_HOOKS = `/orgs/${DEMO_REPO.owner}/hooks`;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => {
  await receiver.stop();
});

/** A call to the emulator whose request and answer must both fit GitHub's OpenAPI description. */
async function documented(method: HttpMethod, path: string, body?: unknown, refused = false) {
  const answer = await githubHttp(github.emulator, method, path, { body });
  const exchange: HttpExchange = {
    method,
    path,
    requestHeaders: {},
    requestBody: body,
    status: answer.status,
    responseBody: answer.body ?? null,
    attempt: 1,
    durationMs: 0,
  };
  // A request made to be refused need not fit the description; GitHub's answer to it still must.
  const requestProblems = refused ? [] : openApi.checkRequest(exchange).problems;
  expect([...requestProblems, ...openApi.checkResponse(exchange)]).toEqual([]);
  return answer;
}

describe('repository and organization hooks', () => {
  it('creates, lists, reads, updates and deletes a repository hook in GitHub shapes', async () => {
    const created = await documented('POST', REPO_HOOKS, {
      name: 'web',
      config: { url: receiver.url, content_type: 'json', secret: 's3cret' },
      events: ['issues', 'star'],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body).toMatchObject({
      type: 'Repository',
      name: 'web',
      active: true,
      events: ['issues', 'star'],
      config: { url: receiver.url, content_type: 'json', insecure_ssl: '0', secret: '********' },
      url: `${github.emulator.baseUrl}${REPO_HOOKS}/${id}`,
      ping_url: `${github.emulator.baseUrl}${REPO_HOOKS}/${id}/pings`,
      deliveries_url: `${github.emulator.baseUrl}${REPO_HOOKS}/${id}/deliveries`,
      last_response: { code: null, status: 'unused', message: null },
    });
    expect(JSON.stringify(created.body)).not.toContain('s3cret');

    const listed = await documented('GET', REPO_HOOKS);
    expect(listed.body.map((hook: { id: number }) => hook.id)).toEqual([id]);
    expect((await documented('GET', `${REPO_HOOKS}/${id}`)).body.id).toBe(id);

    const updated = await documented('PATCH', `${REPO_HOOKS}/${id}`, {
      add_events: ['push'],
      remove_events: ['star'],
      active: false,
    });
    expect(updated.body).toMatchObject({ active: false, events: ['issues', 'push'] });
    // An update's config replaces the secret: left out, it is removed, as GitHub documents.
    const rekeyed = await documented('PATCH', `${REPO_HOOKS}/${id}`, {
      config: { url: receiver.url, content_type: 'json', secret: 'n3w-s3cret' },
    });
    expect(rekeyed.body.config).toMatchObject({ url: receiver.url, secret: '********' });
    const moved = await documented('PATCH', `${REPO_HOOKS}/${id}`, {
      config: { url: `${receiver.url}/moved`, content_type: 'json' },
    });
    expect(moved.body.config).toEqual({
      url: `${receiver.url}/moved`,
      content_type: 'json',
      insecure_ssl: '0',
    });

    expect((await documented('DELETE', `${REPO_HOOKS}/${id}`)).status).toBe(204);
    expect((await documented('GET', `${REPO_HOOKS}/${id}`)).status).toBe(404);
  });

  it('subscribes a hook to push when no events are given, and pages the list', async () => {
    for (const n of [1, 2, 3]) {
      const answer = await documented('POST', REPO_HOOKS, { config: { url: `${receiver.url}/${n}` } });
      expect(answer.body.events).toEqual(['push']);
      expect(answer.body.config.content_type).toBe('form');
    }
    const page = await documented('GET', `${REPO_HOOKS}?per_page=2&page=2`);
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('link')).toContain('rel="first"');
  });

  it('refuses bad hooks with 422 and GitHub field errors', async () => {
    const noUrl = await documented('POST', REPO_HOOKS, { name: 'web', config: {} });
    expect(noUrl.status).toBe(422);
    expect(noUrl.body.errors[0]).toMatchObject({ resource: 'Hook', code: 'custom' });
    const badUrl = await documented('POST', REPO_HOOKS, { name: 'web', config: { url: 'not a url' } }, true);
    expect(badUrl.status).toBe(422);
    expect(badUrl.body.message).toBe('Validation Failed');
    const badName = await documented('POST', REPO_HOOKS, { name: 'travis', config: { url: receiver.url } });
    expect(badName.body.errors).toEqual([{ resource: 'Hook', code: 'invalid', field: 'name' }]);
    const badEvent = await documented('POST', REPO_HOOKS, {
      name: 'web',
      config: { url: receiver.url },
      events: ['issue'],
    });
    expect(badEvent.status).toBe(422);
    await documented('POST', REPO_HOOKS, { name: 'web', config: { url: receiver.url } });
    const twice = await documented('POST', REPO_HOOKS, { name: 'web', config: { url: receiver.url } });
    expect(twice.body.errors[0].message).toBe('Hook already exists on this repository');
    expect((await documented('GET', REPO_HOOKS)).body).toHaveLength(1);
  });

  it('hides hooks from users who do not administer the repository', async () => {
    const answer = await githubHttp(github.emulator, 'GET', REPO_HOOKS, { token: HUBOT_TOKEN });
    expect(answer.status).toBe(404);
  });

  it('manages organization hooks in the org-hook shape', async () => {
    const created = await documented('POST', ORG_HOOKS, {
      name: 'web',
      config: { url: receiver.url, content_type: 'json' },
      events: ['repository'],
    });
    expect(created.body).toMatchObject({ type: 'Organization', events: ['repository'] });
    expect(created.body.url).toBe(`${github.emulator.baseUrl}${ORG_HOOKS}/${created.body.id}`);
    expect((await documented('GET', ORG_HOOKS)).body).toHaveLength(1);
    expect(
      (await documented('PATCH', `${ORG_HOOKS}/${created.body.id}`, { events: ['*'] })).body.events,
    ).toEqual(['*']);
    expect((await documented('DELETE', `${ORG_HOOKS}/${created.body.id}`)).status).toBe(204);
  });

  it('pings a hook when it is created and when asked, with a payload GitHub would send', async () => {
    const schemas = new WebhookSchemas();
    const start = receiver.received.length;
    const created = await documented('POST', REPO_HOOKS, {
      name: 'web',
      config: { url: receiver.url, content_type: 'json', secret: 'ping-secret' },
      events: ['issues'],
    });
    expect((await documented('POST', `${REPO_HOOKS}/${created.body.id}/pings`)).status).toBe(204);
    const pings = (await receiver.until(start + 2)).slice(start);
    for (const ping of pings) {
      expect(ping.headers['x-github-event']).toBe('ping');
      expect(ping.headers['x-github-hook-id']).toBe(String(created.body.id));
      const payload = JSON.parse(ping.body);
      expect(payload.hook_id).toBe(created.body.id);
      expect(schemas.problems('ping', payload)).toEqual([]);
    }
    expect(pings[0].headers['x-github-delivery']).not.toBe(pings[1].headers['x-github-delivery']);
  });
});
