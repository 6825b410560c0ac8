/**
 * Pieces of the triggers' samples, trimmed from GitHub's own example deliveries
 * (`@octokit/webhooks-examples`: Codertocat's Hello-World and the Octocoders organization), so a
 * binding tested on a sample reads the values GitHub would send.
 */

export const codertocat = {
  login: 'Codertocat',
  id: 21031067,
  node_id: 'MDQ6VXNlcjIxMDMxMDY3',
  type: 'User',
  html_url: 'https://github.com/Codertocat',
  avatar_url: 'https://avatars1.githubusercontent.com/u/21031067?v=4',
};

export const hacktocat = {
  login: 'hacktocat',
  id: 39652351,
  node_id: 'MDQ6VXNlcjM5NjUyMzUx',
  type: 'User',
  html_url: 'https://github.com/hacktocat',
  avatar_url: 'https://avatars2.githubusercontent.com/u/39652351?v=4',
};

export const helloWorld = {
  id: 186853002,
  node_id: 'MDEwOlJlcG9zaXRvcnkxODY4NTMwMDI=',
  name: 'Hello-World',
  full_name: 'Codertocat/Hello-World',
  owner: codertocat,
  private: false,
  html_url: 'https://github.com/Codertocat/Hello-World',
  description: null,
  fork: false,
  default_branch: 'master',
  visibility: 'public',
};

/** The Octocoders organization as a repository's `owner`. */
export const octocodersOwner = {
  login: 'Octocoders',
  id: 38302899,
  node_id: 'MDEyOk9yZ2FuaXphdGlvbjM4MzAyODk5',
  type: 'Organization',
  html_url: 'https://github.com/Octocoders',
  avatar_url: 'https://avatars1.githubusercontent.com/u/38302899?v=4',
};

export const octocoders = {
  login: 'Octocoders',
  id: 38302899,
  node_id: 'MDEyOk9yZ2FuaXphdGlvbjM4MzAyODk5',
  description: '',
};

export const bugLabel = {
  id: 1362934389,
  node_id: 'MDU6TGFiZWwxMzYyOTM0Mzg5',
  name: 'bug',
  color: 'd73a4a',
  default: true,
  description: "Something isn't working",
};

export const spellingIssue = {
  id: 444500041,
  node_id: 'MDU6SXNzdWU0NDQ1MDAwNDE=',
  number: 1,
  title: 'Spelling error in the README file',
  body: 'It looks like you accidentally spelled "commit" with a single "t".',
  state: 'open',
  locked: false,
  html_url: 'https://github.com/Codertocat/Hello-World/issues/1',
  user: codertocat,
  labels: [bugLabel],
  assignee: null,
  assignees: [],
  milestone: null,
  comments: 0,
  author_association: 'OWNER',
  created_at: '2019-05-15T15:20:18Z',
  updated_at: '2019-05-15T15:20:18Z',
  closed_at: null,
};

const branchEnd = (ref: string, sha: string) => ({
  label: `Codertocat:${ref}`,
  ref,
  sha,
  user: codertocat,
  repo: helloWorld,
});

export const readmePullRequest = {
  id: 279147437,
  node_id: 'MDExOlB1bGxSZXF1ZXN0Mjc5MTQ3NDM3',
  number: 2,
  title: 'Update the README with new information.',
  body: 'This is a pretty simple change that we need to pull into master.',
  state: 'open',
  draft: false,
  locked: false,
  html_url: 'https://github.com/Codertocat/Hello-World/pull/2',
  diff_url: 'https://github.com/Codertocat/Hello-World/pull/2.diff',
  user: codertocat,
  labels: [],
  assignee: null,
  assignees: [],
  requested_reviewers: [],
  requested_teams: [],
  head: branchEnd('changes', 'ec26c3e57ca3a959ca5aad62de7213c562f8c821'),
  base: branchEnd('master', 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e'),
  author_association: 'OWNER',
  created_at: '2019-05-15T15:20:33Z',
  updated_at: '2019-05-15T15:20:33Z',
  closed_at: null,
  merged_at: null,
  merge_commit_sha: null,
  merged: false,
  commits: 1,
  additions: 1,
  deletions: 1,
  changed_files: 1,
};

export const issueComment = {
  id: 492700400,
  node_id: 'MDEyOklzc3VlQ29tbWVudDQ5MjcwMDQwMA==',
  body: "You are totally right! I'll get this fixed right away.",
  html_url: 'https://github.com/Codertocat/Hello-World/issues/1#issuecomment-492700400',
  issue_url: 'https://api.github.com/repos/Codertocat/Hello-World/issues/1',
  user: codertocat,
  author_association: 'OWNER',
  created_at: '2019-05-15T15:20:21Z',
  updated_at: '2019-05-15T15:20:21Z',
};

export const review = {
  id: 237895671,
  node_id: 'MDE3OlB1bGxSZXF1ZXN0UmV2aWV3MjM3ODk1Njcx',
  user: codertocat,
  body: 'Looks good, one nit on the wording.',
  state: 'approved',
  html_url: 'https://github.com/Codertocat/Hello-World/pull/2#pullrequestreview-237895671',
  commit_id: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
  submitted_at: '2019-05-15T15:20:38Z',
  author_association: 'OWNER',
};

export const noreplyCodertocat = {
  name: 'Codertocat',
  email: '21031067+Codertocat@users.noreply.github.com',
};

export const readmeCommit = {
  id: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
  tree_id: '31b122c26a97cf9af023e9ddab94a82c6e77b0ea',
  distinct: true,
  message: 'Fix the spelling of commit in the README',
  timestamp: '2019-05-15T15:19:25Z',
  url: 'https://github.com/Codertocat/Hello-World/commit/6113728f27ae82c7b1a177c8d03f9e96e0adf246',
  author: { ...noreplyCodertocat, username: 'Codertocat' },
  committer: { ...noreplyCodertocat, username: 'Codertocat' },
  added: [],
  removed: [],
  modified: ['README.md'],
};

export const questionDiscussion = {
  id: 3299614,
  node_id: 'MDEwOkRpc2N1c3Npb24zMjk5NjE0',
  number: 4,
  title: 'How do I run the tests?',
  body: 'The README does not say which command runs the tests.',
  state: 'open',
  html_url: 'https://github.com/Codertocat/Hello-World/discussions/4',
  user: codertocat,
  category: { id: 32809315, name: 'Q&A', slug: 'q-a', is_answerable: true },
  comments: 0,
  author_association: 'OWNER',
  created_at: '2021-03-30T20:09:52Z',
  updated_at: '2021-03-30T20:09:52Z',
};
