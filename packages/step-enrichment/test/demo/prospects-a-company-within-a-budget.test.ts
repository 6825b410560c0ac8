import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, jest } from '@jest/globals';

jest.setTimeout(240_000);

const ROOT = resolve(import.meta.dirname, '../../../..');

describe("pnpm demo's sales workflow: examples/sales-prospecting.json", () => {
  it('finds the company, searches its people by title, enriches them, and totals the credits spent', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
    delete env.NODE_OPTIONS;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        'packages/cli/bin/toolsteps.js',
        'run',
        'examples/sales-prospecting.json',
        '--input',
        '@examples/sales-prospecting.input.json',
        '--json',
      ],
      { cwd: ROOT, env, timeout: 200_000 },
    );
    const result = JSON.parse(stdout);
    expect(result.status).toBe('succeeded');
    expect(result.output).toMatchObject({
      company: 'Northwind Analytics',
      matched: [
        expect.objectContaining({ title: expect.stringContaining('Sales'), email: expect.any(String) }),
      ],
    });
    // One credit for the company, one for the search page, one or two per person matched.
    const perStep = result.steps.map((step: { credits?: { spent: number } }) => step.credits?.spent ?? 0);
    expect(result.credits.total).toBe(perStep.reduce((sum: number, spent: number) => sum + spent, 0));
    expect(result.output.creditsSpent).toBe(result.credits.total);
    expect(result.credits.total).toBeGreaterThanOrEqual(3);
    expect(result.credits.total).toBeLessThanOrEqual(20);
  });
});
