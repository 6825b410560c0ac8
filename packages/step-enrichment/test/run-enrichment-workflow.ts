import { type ConnectedAccount, createEngine } from '@toolsteps/engine';
import enrichment from '../src/index.js';

/** Runs a workflow object through the real engine (its budgets included) with one enrichment account. */
export async function runEnrichmentWorkflow(workflow: object, account: ConnectedAccount) {
  const engine = await createEngine({ integrations: [enrichment], accounts: [account] });
  return engine.run({ text: JSON.stringify(workflow) }, {}, {});
}

/** The account with these settings added, e.g. `{ maxCreditsPerRun: 3 }`. */
export function withSettings(account: ConnectedAccount, settings: Record<string, unknown>): ConnectedAccount {
  return { ...account, settings: { ...account.settings, ...settings } };
}
