import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TriggerCase } from './trigger-case.js';

/**
 * Where every run posts what it was handed: an issue of octocat/spoon-knife, a repository no binding
 * watches, so the inbox's own comments never fire a trigger again.
 */
export const INBOX = { owner: 'octocat', repo: 'spoon-knife', issue_number: 1 } as const;

const WORKFLOW_FILE = 'post-to-inbox.json';

/** Comments `<trigger>: <summary>` on the inbox issue: the run's observable output. */
const POST_TO_INBOX = {
  id: 'post-to-inbox',
  input: {
    type: 'object',
    required: ['trigger', 'summary'],
    properties: { trigger: { type: 'string' }, summary: { type: 'string' } },
    additionalProperties: false,
  },
  steps: [
    {
      id: 'comment',
      step: 'github.create_issue_comment',
      args: { ...INBOX, body: "{% $input.trigger & ': ' & $input.summary %}" },
    },
  ],
  output: '{% $steps.comment.result.body %}',
};

/** The ids of a trigger's two bindings: the one its case's event runs, and the one its filter leaves out. */
export function bindingIdsOf(trigger: string): { runs: string; filteredOut: string } {
  const name = trigger.replace(/^github\./, '').replaceAll('_', '-');
  return { runs: name, filteredOut: `${name}-filtered-out` };
}

/**
 * Writes the inbox workflow and each case's two binding files into `folder`, as a user keeps them
 * (each binding names its workflow relative to itself); returns the binding files' paths.
 */
export async function writeBindingFiles(
  folder: string,
  cases: readonly TriggerCase[],
  account: string,
): Promise<string[]> {
  await writeFile(join(folder, WORKFLOW_FILE), JSON.stringify(POST_TO_INBOX, null, 2));
  const files: string[] = [];
  for (const one of cases) {
    const ids = bindingIdsOf(one.trigger);
    const filters = { [ids.runs]: one.filter, [ids.filteredOut]: `$not(${one.filter})` };
    for (const [id, filter] of Object.entries(filters)) {
      const binding = {
        id,
        trigger: one.trigger,
        account,
        config: one.config,
        filter: `{% ${filter} %}`,
        workflow: `./${WORKFLOW_FILE}`,
        input: { trigger: '{% $binding.trigger %}', summary: `{% ${one.summary} %}` },
      };
      const file = join(folder, `${id}.binding.json`);
      await writeFile(file, JSON.stringify(binding, null, 2));
      files.push(file);
    }
  }
  return files;
}
