import tasks from '../../../../../examples/tasks/src/index.js';
import { createEngine } from '../../../../engine/src/container/create-engine.js';

/** A workflow of the tasks example as whoever enqueues it checks it: its steps, not the workers' accounts. */
export async function compiledTasksWorkflow(definition: object) {
  const engine = await createEngine({ integrations: [tasks], accounts: [] });
  const checked = await engine.validate({ text: JSON.stringify(definition) }, { accounts: false });
  if (!checked.ok) throw new Error(JSON.stringify(checked.diagnostics));
  return checked.workflow;
}
