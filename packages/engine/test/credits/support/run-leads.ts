import type { ConnectedAccount, RunEvent } from '../../../src/index.js';
import { createEngine } from '../../../src/index.js';
import { leads } from './leads-integration.js';

/** Runs a workflow object against the leads integration with these accounts, collecting its events. */
export async function runLeads(workflow: object, accounts: ConnectedAccount[]) {
  const engine = await createEngine({ integrations: [leads], accounts });
  const events: RunEvent[] = [];
  const result = await engine.run(
    { text: JSON.stringify(workflow) },
    {},
    { onEvent: (event) => events.push(event) },
  );
  return { result, events };
}
