import { workflowHash } from '../../journal/workflow-hash.js';
import type { CompiledWorkflow } from '../../workflow/compiled-workflow.js';

/** A run that cannot be resumed as asked, with what to do instead: nothing of it ran. */
export class ResumeRefused extends Error {
  override readonly name = 'ResumeRefused';
}

/**
 * Refuses a run begun under another version of the workflow: steps recorded under one version are
 * never replayed into another behind the operator's back. A run journaled before hashes were kept passes.
 */
export function refuseAnotherVersion(
  run: { id: string; workflowHash?: string },
  workflow: CompiledWorkflow,
  forceHint = 'resume with --force',
): void {
  const now = workflowHash(workflow.definition);
  if (run.workflowHash === undefined || run.workflowHash === now) return;
  throw new ResumeRefused(
    `The workflow ${workflow.file ?? workflow.id} changed since run ${run.id} started ` +
      `(sha256 ${run.workflowHash.slice(0, 12)}… then, ${now.slice(0, 12)}… now): steps recorded under ` +
      `one version would be replayed into another. Restore it, or ${forceHint} to go on with this version`,
  );
}
