import { DEMO_REPO } from '../../../src/testing/index.js';
import { examplePayload } from './example-payload.js';
import type { TriggerCase } from './trigger-case.js';

const FULL_NAME = `${DEMO_REPO.owner}/${DEMO_REPO.repo}`;
const WHY = 'the emulator keeps no discussions (they live in GraphQL only)';
const discussion = { title: 'How do bindings read events?', state: 'open' };

/** Triggers about a repository's Discussions. */
export const DISCUSSION_CASES: TriggerCase[] = [
  {
    trigger: 'github.new_discussion',
    config: { ...DEMO_REPO },
    filter: "$event.discussion.state = 'open'",
    summary: "$event.discussion.title & ' (' & $event.discussion.category.name & ')'",
    expected: 'How do bindings read events? (General)',
    cause: 'a discussion created, emitted',
    emitted: WHY,
    act: async (hand) => {
      const payload = examplePayload('discussion', 'created', { discussion });
      hand.emit({ event: 'discussion', repository: FULL_NAME, payload });
    },
  },
  {
    trigger: 'github.new_discussion_comment',
    config: { ...DEMO_REPO },
    filter: '$event.comment.parent_id = null',
    summary: "$event.comment.body & ' (in ' & $event.discussion.title & ')'",
    expected: 'Through $event. (in How do bindings read events?)',
    cause: 'a discussion comment created, emitted',
    emitted: WHY,
    act: async (hand) => {
      const comment = { body: 'Through $event.', parent_id: null };
      const payload = examplePayload('discussion_comment', 'created', { comment, discussion });
      hand.emit({ event: 'discussion_comment', repository: FULL_NAME, payload });
    },
  },
];
