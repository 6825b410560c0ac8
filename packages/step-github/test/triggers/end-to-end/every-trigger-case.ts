import { ACTIONS_CASES } from './actions-cases.js';
import { DISCUSSION_CASES } from './discussion-cases.js';
import { GIST_CASE } from './gist-case.js';
import { GIT_CASES } from './git-cases.js';
import { ISSUE_CASES } from './issue-cases.js';
import { PROJECT_CASES } from './project-cases.js';
import { PULL_REQUEST_CASES } from './pull-request-cases.js';
import { REPOSITORY_CASES } from './repository-cases.js';
import type { TriggerCase } from './trigger-case.js';

/** One case per trigger of the integration. */
export const EVERY_TRIGGER_CASE: TriggerCase[] = [
  ...REPOSITORY_CASES,
  ...GIT_CASES,
  ...ISSUE_CASES,
  ...PULL_REQUEST_CASES,
  ...ACTIONS_CASES,
  ...PROJECT_CASES,
  ...DISCUSSION_CASES,
  GIST_CASE,
];
