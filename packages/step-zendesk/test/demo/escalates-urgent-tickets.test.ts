import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, jest } from '@jest/globals';

jest.setTimeout(240_000);

const ROOT = resolve(import.meta.dirname, '../../../..');

describe("pnpm demo's support workflow: examples/support-escalation.json", () => {
  it('escalates the unsolved high-priority ticket to GitHub and notes it on the ticket, on both emulators', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
    delete env.NODE_OPTIONS;
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        'packages/cli/bin/toolsteps.js',
        'run',
        'examples/support-escalation.json',
        '--input',
        '@examples/support-escalation.input.json',
        '--json',
      ],
      { cwd: ROOT, env, timeout: 200_000 },
    );
    expect(stderr).toMatch(/zendesk at http:\/\/127\.0\.0\.1:\d+, github at http:\/\/127\.0\.0\.1:\d+/);
    const result = JSON.parse(stdout);
    expect(result.status).toBe('succeeded');
    // The seed's one unsolved high-priority ticket; the normal and solved ones are left alone.
    expect(result.output.escalated).toEqual([
      expect.objectContaining({ ticket: 1042, tags: expect.arrayContaining(['warranty', 'escalated']) }),
    ]);
    const note = result.steps.find((step: { stepKey: string }) => step.stepKey === 'escalations[0].note');
    const issue = result.steps.find((step: { stepKey: string }) => step.stepKey === 'escalations[0].issue');
    expect(issue?.status).toBe('succeeded');
    expect(note?.status).toBe('succeeded');
  });
});
