import { loadedOnFirstCall } from '../runtime/loaded-on-first-call.js';

// The loading (reading, the schema's and the semantic checks, compiling: some twenty modules) loads
// with the first workflow loaded, not with the engine: importing the engine loads none of it.
const loading = () => import('./load-workflow.js');

/** Reads, parses, checks and compiles a workflow, reporting every problem at once: see `load-workflow.ts`. */
export const loadWorkflow = loadedOnFirstCall(loading, 'loadWorkflow');

/** Like `loadWorkflow`, but a workflow with problems throws a `WorkflowInvalidError` listing them all. */
export const loadWorkflowOrThrow = loadedOnFirstCall(loading, 'loadWorkflowOrThrow');
