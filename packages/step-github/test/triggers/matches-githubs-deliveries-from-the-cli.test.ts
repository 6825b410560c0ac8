import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { GITHUB_EXAMPLES, type Payload } from './github-examples.js';

jest.setTimeout(240_000);

/** The monorepo root: the CLI runs there without --config, so GitHub is loaded as a default integration. */
const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `toolsteps <args>` from the root, its output piped, without Jest's flags or colour settings. */
function toolsteps(args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
  for (const name of ['NODE_OPTIONS', 'FORCE_COLOR', 'NO_COLOR']) delete env[name];
  const child = spawn(process.execPath, ['packages/cli/bin/toolsteps.js', ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output.stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk;
  });
  return new Promise((resolveRun, rejectRun) => {
    child.once('error', rejectRun);
    child.once('close', (code) => resolveRun({ code, ...output }));
  });
}

const example = (event: string, action?: string): Payload => {
  const found = GITHUB_EXAMPLES.find(
    (one) => one.event === event && (action === undefined || one.payload.action === action),
  );
  if (found === undefined) throw new Error(`no example of ${event} ${action ?? ''}`);
  return structuredClone(found.payload);
};

/** A delivery as GitHub's delivery log shows it: the event header and the payload. */
const captured = (event: string, payload: Payload) =>
  JSON.stringify({ headers: { 'X-GitHub-Event': event, 'Content-Type': 'application/json' }, body: payload });

/** An issue opened in Codertocat/Hello-World whose body mentions @hubot. */
const issueOpened = (() => {
  const payload = example('issues', 'opened');
  payload.issue.body = 'The README says "commmit". @hubot, could you fix it?';
  return payload;
})();

/** A push of two commits to Codertocat/Hello-World. */
const twoCommitPush = (() => {
  const payload = example('push');
  const commit = GITHUB_EXAMPLES.find((one) => one.event === 'push' && one.payload.commits.length > 0)
    ?.payload.commits[0];
  payload.commits = [
    commit,
    { ...commit, id: '0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c', message: 'Fix the other README' },
  ];
  return payload;
})();

const REPOSITORY = ['--set', 'owner=Codertocat', '--set', 'repo=Hello-World'];
const EITHER_SCOPE = 'either --set owner=… --set repo=… or --set org=…';

describe('toolsteps trigger match, on GitHub deliveries', () => {
  let dir: string;
  const file = (name: string) => join(dir, name);
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolsteps-match-'));
    await writeFile(file('issues-opened.json'), captured('issues', issueOpened));
    await writeFile(file('push.json'), captured('push', twoCommitPush));
    await writeFile(file('ping.json'), captured('ping', { zen: 'Design for failure.', hook_id: 1 }));
    await writeFile(file('card.json'), captured('project_card', example('project_card', 'created')));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('an opened issue fires github.new_issue; new_mention waits for --login', async () => {
    const { code, stdout, stderr } = await toolsteps([
      'trigger',
      'match',
      file('issues-opened.json'),
      ...REPOSITORY,
    ]);

    expect(stderr).toBe('');
    expect(stdout).toBe(
      `${file('issues-opened.json')}: github.new_issue (1 event); not checked: github.new_mention (needs --login)\n`,
    );
    expect(code).toBe(0);
  });

  it('fires github.new_mention too when --login is the login the issue mentions, and only then', async () => {
    const [mentioned, other] = await Promise.all([
      toolsteps([
        'trigger',
        'match',
        file('issues-opened.json'),
        ...REPOSITORY,
        '--login',
        'hubot',
        '--json',
      ]),
      toolsteps(['trigger', 'match', file('issues-opened.json'), ...REPOSITORY, '--login', 'octocat']),
    ]);

    expect(mentioned.code).toBe(0);
    const [match] = JSON.parse(mentioned.stdout);
    expect(match).toMatchObject({
      file: file('issues-opened.json'),
      event: 'issues',
      notChecked: [],
      errors: [],
    });
    expect(match.triggers.map((fired: { id: string }) => fired.id)).toEqual([
      'github.new_issue',
      'github.new_mention',
    ]);
    expect(match.triggers[0].events).toEqual([issueOpened]);
    expect(match.triggers[1].events).toEqual([
      {
        ...issueOpened,
        mention: {
          login: 'hubot',
          in: 'issue',
          body: issueOpened.issue.body,
          html_url: issueOpened.issue.html_url,
          author: issueOpened.issue.user.login,
        },
      },
    ]);
    expect(other.stdout).toBe(`${file('issues-opened.json')}: github.new_issue (1 event)\n`);
  });

  it('a push of two commits fires new_push once and new_commit per commit; a ping fires nothing', async () => {
    const { code, stdout, stderr } = await toolsteps([
      'trigger',
      'match',
      file('push.json'),
      file('ping.json'),
      ...REPOSITORY,
      '--integration',
      'github',
    ]);

    expect(stderr).toBe('');
    expect(stdout.split('\n')).toEqual([
      `${file('push.json')}: github.new_push (1 event), github.new_commit (2 events)`,
      `${file('ping.json')}: no trigger fires (event "ping")`,
      '',
    ]);
    expect(code).toBe(0);
  });

  it('without --set, watches what the delivery comes from: its repository, else its organization', async () => {
    const { code, stdout } = await toolsteps([
      'trigger',
      'match',
      file('issues-opened.json'),
      file('push.json'),
    ]);
    expect(stdout.split('\n')).toEqual([
      `${file('issues-opened.json')}: github.new_issue (1 event); not checked: github.new_mention (needs --login)`,
      `${file('push.json')}: github.new_push (1 event), github.new_commit (2 events)`,
      '',
    ]);
    expect(code).toBe(0);

    const json = await toolsteps(['trigger', 'match', file('push.json'), '--json']);
    const [match] = JSON.parse(json.stdout);
    expect(match.triggers.map(({ id, config }: { id: string; config: unknown }) => ({ id, config }))).toEqual(
      [
        { id: 'github.new_push', config: { owner: 'Codertocat', repo: 'Hello-World' } },
        { id: 'github.new_commit', config: { owner: 'Codertocat', repo: 'Hello-World' } },
      ],
    );
  });

  it('says what each trigger needs when the delivery names no repository or organization', async () => {
    const { repository: _repository, organization: _organization, ...bare } = twoCommitPush;
    await writeFile(file('bare-push.json'), captured('push', bare));
    const { code, stdout } = await toolsteps(['trigger', 'match', file('bare-push.json')]);
    expect(stdout).toBe(
      `${file('bare-push.json')}: no trigger fires (event "push"); not checked: github.new_push, github.new_commit (needs ${EITHER_SCOPE})\n`,
    );
    expect(code).toBe(1);
  });

  it('a delivery from elsewhere fires nothing for the repository watched', async () => {
    const { code, stdout } = await toolsteps([
      'trigger',
      'match',
      file('push.json'),
      '--set',
      'owner=Codertocat',
      '--set',
      'repo=Other',
    ]);

    expect(stdout).toBe(`${file('push.json')}: no trigger fires (event "push")\n`);
    expect(code).toBe(1);
  });

  it('reads a numeric config value as a number: --set column_id picks the column of new_card_in_column', async () => {
    const [inColumn, elsewhere] = await Promise.all([
      toolsteps(['trigger', 'match', file('card.json'), ...REPOSITORY, '--set', 'column_id=5368157']),
      toolsteps(['trigger', 'match', file('card.json'), ...REPOSITORY, '--set', 'column_id=1']),
    ]);

    expect(inColumn.stdout).toBe(`${file('card.json')}: github.new_card_in_column (1 event)\n`);
    expect(elsewhere.stdout).toBe(`${file('card.json')}: no trigger fires (event "project_card")\n`);
  });
});
