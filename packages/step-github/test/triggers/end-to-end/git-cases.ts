import { createBranch, createOrUpdateFile } from '../../../src/index.js';
import { DEMO_REPO } from '../../../src/testing/index.js';
import type { GithubHand, TriggerCase } from './trigger-case.js';

const FULL_NAME = `${DEMO_REPO.owner}/${DEMO_REPO.repo}`;

/** A file committed to main through the contents API: one push of one commit. */
const commitFile = (message: string) => async (hand: GithubHand) => {
  await hand.run(createOrUpdateFile, {
    ...DEMO_REPO,
    path: 'docs/triggers.md',
    content: '# Triggers\n',
    message,
  });
};

/** Triggers about refs and commits. */
export const GIT_CASES: TriggerCase[] = [
  {
    trigger: 'github.new_tag',
    config: { ...DEMO_REPO },
    filter: "$substring($event.ref, 0, 1) = 'v'",
    summary: "$event.ref_type & ' ' & $event.ref",
    expected: 'tag v2.0.0',
    cause: 'POST /repos/{owner}/{repo}/git/refs of refs/tags/v2.0.0',
    act: async (hand) => {
      const main = await hand.http('GET', `/repos/${FULL_NAME}/git/ref/heads/main`);
      await hand.http('POST', `/repos/${FULL_NAME}/git/refs`, {
        body: { ref: 'refs/tags/v2.0.0', sha: main.body.object.sha },
      });
    },
  },
  {
    trigger: 'github.new_branch',
    config: { ...DEMO_REPO },
    filter: "$contains($event.ref, 'feature/')",
    summary: "$event.ref_type & ' ' & $event.ref & ' (default ' & $event.master_branch & ')'",
    expected: 'branch feature/triggers (default main)',
    cause: 'create_branch',
    act: async (hand) => {
      await hand.run(createBranch, { ...DEMO_REPO, branch: 'feature/triggers' });
    },
  },
  {
    trigger: 'github.new_push',
    config: { ...DEMO_REPO },
    filter: "$event.ref = 'refs/heads/main' and $count($event.commits) = 1",
    summary: "$event.ref & ': ' & $event.head_commit.message",
    expected: 'refs/heads/main: Document the triggers',
    cause: 'create_or_update_file on main',
    act: commitFile('Document the triggers'),
  },
  {
    trigger: 'github.new_commit',
    config: { ...DEMO_REPO },
    filter: "'docs/triggers.md' in $event.commit.added",
    summary: "$event.commit.message & ' by ' & $event.commit.author.name",
    expected: 'Explain the inbox by The Octocat',
    cause: 'create_or_update_file on main',
    act: commitFile('Explain the inbox'),
  },
];
