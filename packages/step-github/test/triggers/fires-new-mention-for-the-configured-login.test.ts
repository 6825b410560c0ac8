import { describe, expect, it } from '@jest/globals';
import { newMention } from '../../src/index.js';
import { deliveryOf, eventSchemaOf, GITHUB_EXAMPLES, type Payload } from './github-examples.js';

const example = (event: string, action: string): Payload => {
  const found = GITHUB_EXAMPLES.find(
    (one) => one.event === event && one.payload.action === action && one.index > 0,
  );
  if (found === undefined) throw new Error(`no example of ${event} ${action}`);
  return structuredClone(found.payload);
};

/** The example with `text` as the body of what it creates (`field`). */
const writing = (event: string, action: string, field: string, text: string) => {
  const payload = example(event, action);
  payload[field] = { ...payload[field], body: text };
  return payload;
};

const scope = (payload: Payload) => {
  const [owner, repo] = payload.repository.full_name.split('/');
  return { owner, repo };
};

const mentionsOf = (event: string, payload: Payload, login = 'hubot') => {
  if (newMention.delivery !== 'webhook') throw new Error('new_mention is a webhook trigger');
  return newMention.webhook.match(deliveryOf(event, payload), { ...scope(payload), login }) as Payload[];
};

describe('github.new_mention fires when new text mentions the configured login', () => {
  it.each([
    ['issues', 'opened', 'issue', 'issue'],
    ['pull_request', 'opened', 'pull_request', 'pull_request'],
    ['issue_comment', 'created', 'comment', 'comment'],
    ['pull_request_review_comment', 'created', 'comment', 'comment'],
    ['pull_request_review', 'submitted', 'review', 'review'],
    ['discussion', 'created', 'discussion', 'discussion'],
    ['discussion_comment', 'created', 'comment', 'comment'],
  ])('in a new %s (%s)', (event, action, field, kind) => {
    const payload = writing(event, action, field, 'Thanks! @hubot, could you take a look?');

    const [mention, ...more] = mentionsOf(event, payload);

    expect(more).toEqual([]);
    expect(mention.mention).toEqual({
      login: 'hubot',
      in: kind,
      body: 'Thanks! @hubot, could you take a look?',
      html_url: payload[field].html_url,
      author: payload[field].user.login,
    });
    expect(mention[field]).toEqual(payload[field]);
    expect(eventSchemaOf(newMention)(mention)).toBe(true);
  });

  it.each([
    ['at the start, in any case', '@HUBOT please review', 1],
    ['at the end of a sentence', 'Reviewed by @hubot.', 1],
    ['in parentheses', 'Ask the bot (@hubot) first', 1],
    ['not another login that starts the same', '@hubot-bot and @hubots', 0],
    ['not an email address', 'Write to ops@hubot.example', 0],
    ['not a team of an organization of that name', 'cc @hubot/reviewers', 0],
    ['not without the @', 'hubot will see this', 0],
  ])('reads a mention %s', (_case, text, count) => {
    const payload = writing('issue_comment', 'created', 'comment', text);

    expect(mentionsOf('issue_comment', payload)).toHaveLength(count as number);
  });

  it('does not fire for an edit, even one adding the mention', () => {
    const payload = writing('issue_comment', 'edited', 'comment', '@hubot now mentioned');

    expect(mentionsOf('issue_comment', payload)).toEqual([]);
  });

  it('does not fire for a login that is not mentioned, nor for a body that is empty', () => {
    expect(mentionsOf('issues', writing('issues', 'opened', 'issue', '@hubot look'), 'mona')).toEqual([]);
    expect(mentionsOf('issues', writing('issues', 'opened', 'issue', null as unknown as string))).toEqual([]);
  });

  it('requires the login in its config', () => {
    const required = newMention.config.required as string[] | undefined;
    expect(required).toContain('login');
  });
});
