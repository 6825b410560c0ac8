import { createRegistry } from '../../../../src/registry/index.js';
import { loadWorkflow } from '../../../../src/workflow/index.js';

/**
 * Run as `node --import tsx load-in-child.ts <workflow file>`: loads it as the CLI does and prints
 * the outcome as one JSON line. Run in a child process with a small heap, so a workflow that
 * exhausts memory kills the child, not Jest.
 */
const result = await loadWorkflow(process.argv[2] ?? '', { registry: createRegistry([]) });
const diagnostics = result.diagnostics.map(({ code, pointer, message }) => ({ code, pointer, message }));
console.log(JSON.stringify({ ok: result.ok, diagnostics: diagnostics.slice(0, 3) }));
