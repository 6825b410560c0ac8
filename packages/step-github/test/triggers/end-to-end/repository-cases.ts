import { createRepository, starRepo } from '../../../src/index.js';
import { DEMO_ORG, DEMO_REPO } from '../../../src/testing/index.js';
import { examplePayload } from './example-payload.js';
import type { TriggerCase } from './trigger-case.js';

const FULL_NAME = `${DEMO_REPO.owner}/${DEMO_REPO.repo}`;

/** Triggers about a repository itself: created, forked, starred, watched, joined, released. */
export const REPOSITORY_CASES: TriggerCase[] = [
  {
    trigger: 'github.new_repository',
    config: { org: DEMO_ORG },
    filter: '$event.repository.private = false',
    summary: "$event.repository.full_name & ' by ' & $event.sender.login",
    expected: 'octo-org/release-notes by octocat',
    cause: 'create_repository in the organization (an organization hook)',
    act: async (hand) => {
      await hand.run(createRepository, { org: DEMO_ORG, name: 'release-notes' });
    },
  },
  {
    trigger: 'github.new_fork',
    config: { ...DEMO_REPO },
    filter: '$event.forkee.fork',
    summary: "$event.forkee.full_name & ' from ' & $event.repository.full_name",
    expected: `hubot/hello-world from ${FULL_NAME}`,
    cause: 'a fork, emitted',
    emitted: 'the emulator has no fork route (POST /repos/{owner}/{repo}/forks)',
    act: async (hand) => {
      const forkee = { name: 'hello-world', full_name: 'hubot/hello-world', fork: true };
      hand.emit({
        event: 'fork',
        repository: FULL_NAME,
        payload: examplePayload('fork', undefined, { forkee }),
      });
    },
  },
  {
    trigger: 'github.new_star',
    config: { ...DEMO_REPO },
    filter: "$event.sender.login = 'octocat'",
    summary: "$event.sender.login & ' starred ' & $event.repository.full_name",
    expected: `octocat starred ${FULL_NAME}`,
    cause: 'star_repo',
    act: async (hand) => {
      await hand.run(starRepo, { ...DEMO_REPO });
    },
  },
  {
    trigger: 'github.new_watcher',
    config: { ...DEMO_REPO },
    filter: '$event.repository.private = false',
    summary: "$event.sender.login & ' watches ' & $event.repository.name",
    expected: 'octocat watches hello-world',
    // GitHub sends `watch` started for a star: the older name of the same act.
    cause: 'star_repo',
    act: async (hand) => {
      await hand.run(starRepo, { ...DEMO_REPO });
    },
  },
  {
    trigger: 'github.new_collaborator',
    config: { ...DEMO_REPO },
    filter: "$event.member.type = 'User'",
    summary: "$event.member.login & ' joined ' & $event.repository.full_name",
    expected: `mona joined ${FULL_NAME}`,
    cause: 'PUT /repos/{owner}/{repo}/collaborators/mona',
    act: async (hand) => {
      await hand.http('PUT', `/repos/${FULL_NAME}/collaborators/mona`, { body: { permission: 'push' } });
    },
  },
  {
    trigger: 'github.new_release',
    config: { ...DEMO_REPO },
    filter: '$event.release.prerelease = false',
    summary: "$event.release.tag_name & ' ' & $event.release.name",
    expected: 'v2.0.0 Version 2',
    cause: 'a release published, emitted',
    emitted: 'the emulator only reads releases: it has no POST /repos/{owner}/{repo}/releases',
    act: async (hand) => {
      const release = { tag_name: 'v2.0.0', name: 'Version 2', draft: false, prerelease: false };
      hand.emit({
        event: 'release',
        repository: FULL_NAME,
        payload: examplePayload('release', 'published', { release }),
      });
    },
  },
];
