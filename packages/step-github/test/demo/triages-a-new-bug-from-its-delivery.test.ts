import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, jest } from '@jest/globals';

jest.setTimeout(240_000);

const ROOT = resolve(import.meta.dirname, '../../../..');

describe("pnpm demo's trigger part: examples/triggers/demo.ts", () => {
  it('serves the binding on the emulator and triages only the issue labelled bug', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
    delete env.NODE_OPTIONS;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'examples/triggers/demo.ts'],
      { cwd: ROOT, env, timeout: 200_000 },
    );
    // The question's delivery is filtered out; the bug's runs the workflow, which labels, assigns, comments.
    expect(stdout).toMatch(/serve │ ✓ triage-new-bugs: github\.new_issue → triage-bug/);
    expect(stdout).toMatch(/triage-new-bugs: run \S+ succeeded/);
    expect(stdout.match(/triage-new-bugs: run \S+ started/g)).toHaveLength(1);
    expect(stdout).toMatch(/Issue #\d+ "Crash on save" after the run:/);
    expect(stdout).toContain('labels:    bug, triaged');
    expect(stdout).toContain('assignees: octocat');
    expect(stdout).toContain('comment:   Thanks @octocat! "Crash on save" is triaged: assigned to @octocat.');
  });
});
