import { describe, expect, it } from '@jest/globals';
import { createEngine, type Engine } from '@toolsteps/engine';
import github from '../../src/index.js';
import { DEMO_REPO, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const KEY = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);

describe('engine.call: one GitHub tool call, as an agent makes it', () => {
  const gh = useGithubEmulator();
  const engine = (): Promise<Engine> =>
    createEngine({ integrations: [github], accounts: [gh.emulator.account] });

  it('runs a step by its tool name and answers with the result and what the call did', async () => {
    const outcome = await (await engine()).call('github_create_issue', {
      ...DEMO_REPO,
      title: 'Login fails',
    });

    expect(outcome).toMatchObject({
      ok: true,
      result: { title: 'Login fails', state: 'open', author: 'octocat' },
      meta: {
        step: 'github.create_issue',
        requests: 1,
        outcome: 'done',
        account: { id: gh.emulator.account.id },
      },
    });
    expect(gh.emulator.state.issues.list(KEY).some((issue) => issue.title === 'Login fails')).toBe(true);
  });

  it('takes the step id as well as the tool name', async () => {
    const outcome = await (await engine()).call('github.get_repository', DEMO_REPO);

    expect(outcome).toMatchObject({ ok: true, result: { full_name: 'octo-org/hello-world' } });
  });

  it('never evaluates an argument: text that looks like an expression is written as it is', async () => {
    const title = '{% $now() & " " & $run.id %}';
    const outcome = await (await engine()).call('github_create_issue', {
      ...DEMO_REPO,
      title,
      body: '{% raw %}',
    });

    expect(outcome).toMatchObject({ ok: true, result: { title } });
    expect(gh.emulator.state.issues.list(KEY).find((issue) => issue.title === title)?.body).toBe('{% raw %}');
  });

  it('writes what the model wrote exactly, unless the caller asks for resumable writes', async () => {
    const calls = await engine();
    const issue = { ...DEMO_REPO, title: 'Exact', body: 'Steps to reproduce: log in twice.' };
    await calls.call('github_create_issue', issue);
    await calls.call('github_create_issue', { ...issue, title: 'Resumable' }, { resumableWrites: true });

    const bodyOf = (title: string) =>
      gh.emulator.state.issues.list(KEY).find((one) => one.title === title)?.body;
    expect(bodyOf('Exact')).toBe('Steps to reproduce: log in twice.');
    expect(bodyOf('Resumable')).toMatch(
      /^Steps to reproduce: log in twice\.\n\n<!-- toolsteps:[0-9a-f]{32} -->$/,
    );
  });

  it('reads a null that the schema does not allow as an argument left out, as strict models send them', async () => {
    const outcome = await (await engine()).call('github_create_issue', {
      ...DEMO_REPO,
      title: 'Sent by a strict model',
      body: null,
      labels: null,
      assignees: null,
      milestone: null,
    });

    expect(outcome).toMatchObject({ ok: true, result: { title: 'Sent by a strict model', labels: [] } });
  });

  it('names a bad argument by its path in the arguments, and sends nothing', async () => {
    const before = gh.emulator.state.issues.list(KEY).length;
    const outcome = await (await engine()).call('github_create_issue', { ...DEMO_REPO, title: 42 });

    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'validation', path: '/title', retryable: false },
      meta: { step: 'github.create_issue', requests: 0, outcome: 'not_done' },
    });
    if (outcome.ok) throw new Error('unreachable');
    expect(outcome.error.message).toMatch(/title/);
    expect(gh.emulator.requests).toEqual([]);
    expect(gh.emulator.state.issues.list(KEY)).toHaveLength(before);
  });

  it('answers a tool that does not exist, or arguments that are not an object, with an error, not a throw', async () => {
    const calls = await engine();

    await expect(calls.call('github_delete_everything', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'unsupported', retryable: false },
      meta: { requests: 0, outcome: 'not_done' },
    });
    await expect(calls.call('github_create_issue', ['octo-org'])).resolves.toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringMatching(/JSON object/) },
    });
    await expect(
      calls.call('github_create_issue', JSON.parse('{"__proto__": {"title": "x"}}')),
    ).resolves.toMatchObject({ ok: false, error: { code: 'validation', path: '/__proto__' } });
    expect(gh.emulator.requests).toEqual([]);
  });

  it('refuses arguments over a megabyte before reading into them, and sends nothing', async () => {
    const outcome = await (await engine()).call('github_create_issue', {
      ...DEMO_REPO,
      title: 'Huge',
      body: 'x'.repeat(1024 * 1024),
    });

    expect(outcome).toMatchObject({
      ok: false,
      error: {
        code: 'validation',
        message: expect.stringMatching(
          /^The arguments weigh 1,048,6\d\d bytes, over the 1,048,576 a call takes/,
        ),
      },
      meta: { requests: 0, outcome: 'not_done' },
    });
    expect(gh.emulator.requests).toEqual([]);
  });

  it('says what the upstream answered, as a model can act on it', async () => {
    const outcome = await (await engine()).call('github_get_repository', {
      owner: 'octo-org',
      repo: 'no-such-repo',
    });

    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'not_found', retryable: false },
      meta: { requests: 1, outcome: 'not_done' },
    });
  });

  it('reports a write whose answer was lost as unknown and not retryable, and never repeats it', async () => {
    const before = gh.emulator.state.issues.list(KEY).length;
    gh.emulator.faults.inject({
      method: 'POST',
      path: '/repos/octo-org/hello-world/issues',
      status: 502,
      afterProcessing: true,
    });

    const outcome = await (await engine()).call('github_create_issue', {
      ...DEMO_REPO,
      title: 'Answer lost',
    });

    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'unavailable', retryable: false },
      meta: { requests: 1, outcome: 'unknown' },
    });
    expect(gh.emulator.state.issues.list(KEY)).toHaveLength(before + 1);
  });
});
