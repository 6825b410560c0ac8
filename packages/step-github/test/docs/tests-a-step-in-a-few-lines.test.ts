import { describe, expect, it } from '@jest/globals';
import { testStep } from '@toolsteps/engine/testing';
import { createIssue } from '@toolsteps/step-github';
import { createGithubEmulator } from '@toolsteps/step-github/testing';

describe('github.create_issue', () => {
  it('opens an issue with labels, as octocat', async () => {
    const emulator = await createGithubEmulator();
    try {
      const outcome = await testStep(
        createIssue,
        { owner: 'octo-org', repo: 'hello-world', title: 'Login fails', labels: ['bug'] },
        { emulator },
      );
      expect(outcome.ok).toBe(true);
      expect(outcome.result).toMatchObject({
        title: 'Login fails',
        state: 'open',
        user: { login: 'octocat' },
      });
      expect(outcome.exchanges.map((exchange) => `${exchange.method} ${exchange.path}`)).toEqual([
        'POST /repos/octo-org/hello-world/issues',
      ]);
    } finally {
      await emulator.close();
    }
  });
});
