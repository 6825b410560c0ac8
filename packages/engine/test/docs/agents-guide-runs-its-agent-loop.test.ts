import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, jest } from '@jest/globals';

jest.setTimeout(120_000);

const root = resolve(import.meta.dirname, '../../../..');
const script = 'examples/agent/src/triage-agent.ts';
/** The agent loop's section of the guide to tools for agents: the last of docs/agents.md. */
const section = (await readFile(join(root, 'docs/agents.md'), 'utf8')).split('\n## An agent loop\n')[1];

describe("the guide's agent loop: examples/agent/src/triage-agent.ts, which pnpm demo runs", () => {
  it('searches the open bugs, comments on the first one found for alice, answers, and the comment is on GitHub', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.NODE_OPTIONS;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env,
      timeout: 100_000,
    });

    // #3 is first in the search's answer: the model took the number from it, not from the request.
    expect(stdout.split('\n')).toEqual([
      'user: Find the open bugs in octo-org/hello-world and tell the reporter of the first one we are on it.',
      expect.stringMatching(/^offered: (github_\w+, ){4}github_\w+$/),
      'call github_search_issues {"q":"repo:octo-org/hello-world is:issue is:open label:bug"}',
      '  ok: 3 found: #3 Session expires too early, #2 Dark mode colours are unreadable, #1 Login page crashes on Safari',
      'call github_create_issue_comment {"owner":"octo-org","repo":"hello-world","issue_number":3,"body":"Thanks @hubot: we are looking into it."}',
      '  ok: done as octocat',
      'model: 3 open bugs; I told the reporter of the first, #3 "Session expires too early", that we are on it.',
      // Read from the emulator's state: the seed's one comment, then the agent's.
      'GitHub: #3 has 2 comments, the last by octocat: Thanks @hubot: we are looking into it.',
      '',
    ]);
    expect(stdout).toContain('offered: github_search_issues, ');
    expect(stdout).toContain(', github_create_issue_comment');
    expect(section).toContain(`\`\`\`text\n${stdout}\`\`\``);
  });

  it('is quoted in the guide verbatim, and pnpm demo runs it', async () => {
    expect(section).toContain(`\`\`\`ts\n${await readFile(join(root, script), 'utf8')}\`\`\``);
    const { scripts } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    expect(scripts.demo).toContain(`&& node --import tsx ${script}`);
  });
});
