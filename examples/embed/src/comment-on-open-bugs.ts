import type { Workflow } from '@toolsteps/engine';

/**
 * The examples' workflow, built in code: the same JSON a workflow file holds, checked by
 * `engine.load`. It finds a repository's open bugs and comments on each, one at a time.
 */
export const commentOnOpenBugs: Workflow = {
  id: 'comment-on-open-bugs',
  input: { type: 'object', required: ['repo'], properties: { repo: { type: 'string' } } },
  steps: [
    {
      id: 'bugs',
      step: 'github.search_issues',
      args: {
        q: "{% 'repo:' & $input.repo & ' is:issue is:open label:bug' %}",
        sort: 'created',
        order: 'asc',
      },
      assign: { bugs: '{% [$result.items.number] %}' },
    },
    {
      id: 'comments',
      forEach: {
        items: '{% $bugs %}',
        as: 'bug',
        concurrency: 1,
        steps: [
          {
            id: 'comment',
            step: 'github.create_issue_comment',
            args: {
              owner: "{% $substringBefore($input.repo, '/') %}",
              repo: "{% $substringAfter($input.repo, '/') %}",
              issue_number: '{% $bug %}',
              body: 'Seen by the agent: triage is on its way.',
            },
          },
        ],
      },
    },
  ],
  output: { commented: '{% $bugs %}' },
};
