import { describe, expect, it } from '@jest/globals';
import { triggerTestContext } from '@toolsteps/engine/testing';
import { newGist } from '../../src/index.js';
import { HUBOT_TOKEN, MONA_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';

type GistEvent = { gist: { id: string; description: string | null; owner?: { login: string } } };

describe("github.new_gist polls the connected account's gists", () => {
  const gh = useGithubEmulator();
  const poll = async (cursor: string | undefined, account = gh.emulator.account) => {
    if (newGist.delivery !== 'poll') throw new Error('new_gist is a poll trigger');
    const ctx = await triggerTestContext({ trigger: newGist, account, effect: 'read' });
    const outcome = await newGist.poll.run(cursor, {}, ctx);
    return { ...outcome, events: outcome.events as GistEvent[], exchanges: ctx.exchanges };
  };
  const createGist = (description: string, token?: string) =>
    githubHttp(gh.emulator, 'POST', '/gists', {
      token,
      body: { description, public: false, files: { 'notes.md': { content: `# ${description}` } } },
    });

  it('records a cursor on its first poll and reports none of the gists already there', async () => {
    const first = await poll(undefined);

    expect(first.events).toEqual([]);
    expect(first.cursor).toEqual(expect.any(String));
    const again = await poll(first.cursor);
    expect(again.events).toEqual([]);
  });

  it('reports a gist created after the cursor on the next poll, once', async () => {
    const { cursor } = await poll(undefined);
    const created = await createGist('Release checklist');

    const next = await poll(cursor);

    expect(next.events).toEqual([
      { gist: expect.objectContaining({ id: created.body.id, description: 'Release checklist' }) },
    ]);
    expect(next.events[0].gist.owner?.login).toBe('octocat');
    expect((await poll(next.cursor)).events).toEqual([]);
  });

  it('asks GitHub only for gists updated since the cursor', async () => {
    const { cursor } = await poll(undefined);
    await createGist('Deploy notes');

    const next = await poll(cursor);

    expect(next.exchanges.map((exchange) => exchange.path)).toEqual([
      expect.stringMatching(/^\/gists\?since=[^&]+&per_page=100&page=1$/),
    ]);
  });

  it('reports several new gists oldest first, and not an old gist that was edited', async () => {
    const { cursor } = await poll(undefined);
    const old = (await githubHttp(gh.emulator, 'GET', '/gists')).body.at(-1);
    await createGist('First');
    await createGist('Second');
    await githubHttp(gh.emulator, 'PATCH', `/gists/${old.id}`, { body: { description: 'Edited' } });

    const next = await poll(cursor);

    expect(next.events.map((event) => event.gist.description)).toEqual(['First', 'Second']);
  });

  it("leaves out other users' gists", async () => {
    const { cursor } = await poll(undefined);
    await createGist('Hubot was here', HUBOT_TOKEN);

    expect((await poll(cursor)).events).toEqual([]);
  });

  it('reports every gist as new when the account had none at activation', async () => {
    const mona = gh.emulator.accountFor('mona', MONA_TOKEN);
    const { cursor } = await poll(undefined, mona);
    await createGist('Her very first', MONA_TOKEN);

    expect((await poll(cursor, mona)).events.map((event) => event.gist.description)).toEqual([
      'Her very first',
    ]);
  });
});

describe('github.new_gist within one second (GitHub times gists to the second)', () => {
  // The emulator's clock stands still here, so every gist is created in the same second.
  const gh = useGithubEmulator({ fakeClock: true });
  const poll = async (cursor: string | undefined) => {
    if (newGist.delivery !== 'poll') throw new Error('new_gist is a poll trigger');
    const ctx = await triggerTestContext({ trigger: newGist, emulator: gh.emulator, effect: 'read' });
    const outcome = await newGist.poll.run(cursor, {}, ctx);
    return { ...outcome, events: outcome.events as GistEvent[] };
  };
  const createGist = (description: string) =>
    githubHttp(gh.emulator, 'POST', '/gists', {
      body: { description, files: { 'a.txt': { content: 'a' } } },
    });

  it('reports a gist created in the same second as the last one seen, and not that one again', async () => {
    await createGist('Before activation');
    const { cursor } = await poll(undefined);
    await createGist('Same second, after activation');
    const next = await poll(cursor);
    await createGist('Same second, after the second poll');
    const last = await poll(next.cursor);

    expect(next.events.map((event) => event.gist.description)).toEqual(['Same second, after activation']);
    expect(last.events.map((event) => event.gist.description)).toEqual([
      'Same second, after the second poll',
    ]);
  });
});
