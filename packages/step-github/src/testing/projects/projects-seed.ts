import type { GithubState } from '../github-state.js';
import { repoKey } from '../shared/github-model.js';

/**
 * octo-org's private project #1 "Roadmap" (Status: Todo, In Progress, Done) holding the first two
 * issues of octo-org/hello-world, as Todo and In Progress; octocat's public project #2 "Personal
 * board" (Status: Backlog, Doing, Done), empty. Uses the issues seed, so it comes after it.
 */
export function seedProjects(state: GithubState): void {
  const key = repoKey('octo-org', 'hello-world');
  const issues = state.issues.list(key).filter((issue) => issue.pull_request === undefined);
  if (issues.length < 2) {
    throw new Error('seedProjects: octo-org/hello-world needs two issues (seed issues first)');
  }
  const roadmap = state.projects.create('octo-org', {
    title: 'Roadmap',
    number: 1,
    created_at: '2024-02-01T08:00:00Z',
  });
  const status = roadmap.fields.find((field) => field.name === 'Status')!;
  issues.slice(0, 2).forEach((issue, index) => {
    const item = state.projects.addItem(roadmap, key, issue.number);
    state.projects.setValue(roadmap, item, status, status.options[index].id);
  });
  state.projects.addField(roadmap, 'Notes', 'TEXT');
  state.projects.create('octocat', {
    title: 'Personal board',
    number: 2,
    public: true,
    statuses: ['Backlog', 'Doing', 'Done'],
    created_at: '2024-02-02T08:00:00Z',
  });
}
