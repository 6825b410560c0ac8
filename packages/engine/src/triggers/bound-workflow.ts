import { dirname, isAbsolute, join } from 'node:path';
import type { CompiledWorkflow } from '../workflow/compiled-workflow.js';
import type { Diagnostic, Problem } from '../workflow/diagnostic.js';
import { type LoadWorkflowOptions, loadWorkflow } from '../workflow/load-workflow.js';

export interface BoundWorkflow {
  workflow?: CompiledWorkflow;
  /** Problems of the binding's `workflow` field. */
  problems: Problem[];
  /** The workflow file's own problems, located in that file. */
  diagnostics: Diagnostic[];
}

/**
 * The workflow a binding names, loaded and validated like any workflow: relative to the binding
 * file (or to `cwd` for a binding given as text). Its problems stay its own, in its own file.
 */
export async function loadBoundWorkflow(
  reference: string,
  bindingFile: string | undefined,
  options: LoadWorkflowOptions & { cwd?: string },
): Promise<BoundWorkflow> {
  const base = bindingFile === undefined ? (options.cwd ?? process.cwd()) : dirname(bindingFile);
  const file = isAbsolute(reference) ? reference : join(base, reference);
  const { cwd: _cwd, ...loadOptions } = options;
  const loaded = await loadWorkflow(file, loadOptions);
  if (loaded.ok) return { workflow: loaded.workflow, problems: [], diagnostics: [] };
  const [first] = loaded.diagnostics;
  if (loaded.diagnostics.length === 1 && (first.code === 'read-failed' || first.code === 'too-large')) {
    const problem: Problem = {
      code: 'workflow-invalid',
      pointer: '/workflow',
      // read-source words them for the file itself: "cannot read the workflow file", "the workflow is larger…".
      message: first.message
        .replace('the workflow file', `the workflow ${file}`)
        .replace('the workflow is', `the workflow ${file} is`),
    };
    if (first.hint !== undefined) problem.hint = first.hint;
    return { problems: [problem], diagnostics: [] };
  }
  const count = loaded.diagnostics.length;
  return {
    problems: [
      {
        code: 'workflow-invalid',
        pointer: '/workflow',
        message: `the workflow ${file} is invalid (${count} problem${count === 1 ? '' : 's'}, listed with it)`,
      },
    ],
    diagnostics: loaded.diagnostics,
  };
}
