import { describe, expect, it } from '@jest/globals';
import type { FaultSpec } from '@toolsteps/emulator';
import { createEngine, type RunEvent } from '@toolsteps/engine';
import github from '../../src/index.js';
import { DEMO_ISSUES, DEMO_REPO, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const COMMENTS = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/issues/${DEMO_ISSUES.darkMode}/comments`;

describe('a run whose comment got no usable answer asks GitHub whether it was posted', () => {
  const gh = useGithubEmulator();

  /** Comments on the dark-mode issue, the POST failing as `fault` says; `retry`, the step's policy. */
  async function comment(fault: FaultSpec, retry?: object) {
    const engine = await createEngine({ integrations: [github], accounts: [gh.emulator.account] });
    const workflow = await engine.load({
      text: JSON.stringify({
        id: 'thank',
        steps: [
          {
            id: 'thank',
            step: 'github.create_issue_comment',
            args: { ...DEMO_REPO, issue_number: DEMO_ISSUES.darkMode, body: 'Thanks, reproduced.' },
            ...(retry ? { retry } : {}),
          },
        ],
        output: '{% $steps.thank.result.id %}',
      }),
    });
    gh.emulator.faults.inject({ method: 'POST', path: COMMENTS, ...fault });
    const events: RunEvent[] = [];
    const result = await engine.run(workflow, {}, { onEvent: (event) => events.push(event) });
    const issue = gh.emulator.state.issues.find(
      repoKey(DEMO_REPO.owner, DEMO_REPO.repo),
      DEMO_ISSUES.darkMode,
    );
    const posted = (issue?.comments ?? []).filter((each) => each.body.startsWith('Thanks, reproduced.'));
    const posts = gh.emulator.requests.filter(
      (request) => request.method === 'POST' && request.path === COMMENTS,
    );
    return { result, events, posted, posts };
  }

  it('answered 502 after GitHub posted it: the probe finds the comment and the run succeeds', async () => {
    const { result, events, posted, posts } = await comment({ status: 502, afterProcessing: true });

    expect(result.status).toBe('succeeded');
    expect(posted).toHaveLength(1);
    expect(posts).toHaveLength(1);
    expect(result.output).toBe(posted[0].id);
    expect(result.steps[0]).toMatchObject({ status: 'succeeded', replayed: 'probed' });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'step.probed',
        write: `POST ${COMMENTS} answered 502`,
        found: true,
      }),
    );
  });

  it('its answer dropped after GitHub posted it: found the same way', async () => {
    const { result, posted, posts } = await comment({ drop: true, afterProcessing: true });

    expect(result.status).toBe('succeeded');
    expect(posted).toHaveLength(1);
    expect(posts).toHaveLength(1);
  });

  it('answered 502 before GitHub posted it: not found, posted again within the retry policy', async () => {
    const { result, events, posted, posts } = await comment(
      { status: 502 },
      { maxAttempts: 2, backoff: 'fixed', initial: '10ms' },
    );

    expect(result.status).toBe('succeeded');
    expect(result.steps[0]).toMatchObject({ attempts: 2 });
    expect(events).toContainEqual(expect.objectContaining({ type: 'step.probed', found: false }));
    expect(posts).toHaveLength(2);
    expect(posted).toHaveLength(1);
  });
});
