import type { GithubState } from '../github-state.js';

/** octocat: two public gists and a secret one; hubot: one public gist. Fixed times keep the order stable. */
export function seedGists(state: GithubState): void {
  state.gists.create('octocat', {
    description: 'Hello World in Markdown',
    public: true,
    files: [{ filename: 'hello.md', content: '# Hello, World!\n' }],
    created_at: '2024-01-10T09:00:00Z',
  });
  state.gists.create('octocat', {
    description: 'Release checklist',
    public: true,
    files: [
      { filename: 'checklist.md', content: '- [ ] tag\n- [ ] notes\n- [ ] announce\n' },
      { filename: 'release.sh', content: '#!/bin/sh\ngit tag "$1" && git push --tags\n' },
    ],
    created_at: '2024-02-20T09:00:00Z',
  });
  state.gists.create('octocat', {
    description: 'Private scratch notes',
    public: false,
    files: [{ filename: 'notes.txt', content: 'remember the milk\n' }],
    created_at: '2024-03-05T09:00:00Z',
  });
  state.gists.create('hubot', {
    description: 'Hubot greeting script',
    public: true,
    files: [
      {
        filename: 'greet.js',
        content: "module.exports = (robot) => robot.hear(/hi/, (res) => res.send('hello'));\n",
      },
    ],
    created_at: '2024-01-15T09:00:00Z',
  });
}
