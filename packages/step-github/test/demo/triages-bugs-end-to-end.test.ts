import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import github from '../../src/index.js';
import { repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const examples = resolve(import.meta.dirname, '../../../../examples');
const HELLO = repoKey('octo-org', 'hello-world');

describe('examples/github-triage.json, the demo, end to end', () => {
  const gh = useGithubEmulator();

  it('comments on each open bug, opens a pull request with the report, and deploys it to staging', async () => {
    const engine = await createEngine({ integrations: [github], accounts: [gh.emulator.account] });
    const input = JSON.parse(await readFile(`${examples}/github-triage.input.json`, 'utf8'));
    const result = await engine.run(`${examples}/github-triage.json`, input);

    expect(result.status).toBe('succeeded');
    const state = gh.emulator.state;
    const openBugs = state.issues
      .list(HELLO)
      .filter((issue) => issue.state === 'open' && !issue.pull_request && issue.labels.includes('bug'))
      .map((issue) => issue.number);
    expect(openBugs.length).toBeGreaterThan(1);
    const output = result.output as {
      triaged: number[];
      pull_request: string;
      deploy_run: Record<string, unknown>;
    };
    expect(output.triaged).toEqual(openBugs);
    for (const number of openBugs) {
      expect(state.issues.find(HELLO, number)?.comments.at(-1)?.body).toMatch(
        /^Triaged: #\d+ is in the triage report/,
      );
    }

    const pull = state.issues.list(HELLO).find((issue) => issue.pull_request?.head.ref === 'triage-report');
    expect(output.pull_request).toMatch(new RegExp(`/octo-org/hello-world/pull/${pull?.number}$`));
    const report = state.git.file(HELLO, state.git.branchSha(HELLO, 'triage-report') ?? '', 'TRIAGE.md');
    expect(report?.toString()).toBe(
      `# Triage report\n\n${openBugs.map((n) => `- #${n} ${state.issues.find(HELLO, n)?.title}`).join('\n')}\n`,
    );

    expect(output.deploy_run).toMatchObject({ event: 'workflow_dispatch', branch: 'triage-report' });
    const run = state.actions.runById(Number(output.deploy_run.id));
    expect(run?.inputs).toEqual({ environment: 'staging', dry_run: false });
  });
});
