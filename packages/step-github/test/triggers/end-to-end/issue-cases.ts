import { createIssue, createIssueComment, updateIssue } from '../../../src/index.js';
import { DEMO_ISSUES, DEMO_REPO } from '../../../src/testing/index.js';
import type { TriggerCase } from './trigger-case.js';

/** Triggers about issues and their conversations. */
export const ISSUE_CASES: TriggerCase[] = [
  {
    trigger: 'github.new_issue',
    config: { ...DEMO_REPO },
    filter: "'bug' in $event.issue.labels.name",
    summary: '$event.issue.title',
    expected: 'Export fails on large files',
    cause: 'create_issue',
    act: async (hand) => {
      await hand.run(createIssue, { ...DEMO_REPO, title: 'Export fails on large files', labels: ['bug'] });
    },
  },
  {
    trigger: 'github.updated_issue',
    config: { ...DEMO_REPO },
    filter: "$event.issue.state = 'closed'",
    summary: "$event.action & ' #' & $event.issue.number & ' as ' & $event.issue.state_reason",
    expected: `closed #${DEMO_ISSUES.darkMode} as not_planned`,
    cause: 'update_issue closing an issue',
    act: async (hand) => {
      await hand.run(updateIssue, {
        ...DEMO_REPO,
        issue_number: DEMO_ISSUES.darkMode,
        state: 'closed',
        state_reason: 'not_planned',
      });
    },
  },
  {
    trigger: 'github.new_comment',
    config: { ...DEMO_REPO },
    filter: "$event.comment.user.login = 'octocat'",
    summary: "$event.comment.body & ' (on #' & $event.issue.number & ')'",
    expected: `Reproduced on Safari 17. (on #${DEMO_ISSUES.safariCrash})`,
    cause: 'create_issue_comment',
    act: async (hand) => {
      await hand.run(createIssueComment, {
        ...DEMO_REPO,
        issue_number: DEMO_ISSUES.safariCrash,
        body: 'Reproduced on Safari 17.',
      });
    },
  },
  {
    trigger: 'github.new_label_on_issue',
    config: { ...DEMO_REPO },
    filter: "$event.label.name != 'bug'",
    summary: "$event.label.name & ' on #' & $event.issue.number",
    expected: `enhancement on #${DEMO_ISSUES.darkMode}`,
    cause: 'update_issue adding a label',
    act: async (hand) => {
      await hand.run(updateIssue, {
        ...DEMO_REPO,
        issue_number: DEMO_ISSUES.darkMode,
        labels: ['bug', 'enhancement'],
      });
    },
  },
  {
    trigger: 'github.new_mention',
    config: { ...DEMO_REPO, login: 'hubot' },
    filter: "$event.mention.in = 'issue'",
    summary: "$event.mention.author & ' mentioned @' & $event.mention.login & ' in an ' & $event.mention.in",
    expected: 'octocat mentioned @hubot in an issue',
    cause: 'create_issue mentioning @hubot',
    act: async (hand) => {
      await hand.run(createIssue, {
        ...DEMO_REPO,
        title: 'Flaky upload test',
        body: 'cc @hubot, can you look?',
      });
    },
  },
];
