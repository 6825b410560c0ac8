import { escapePointer, withArticle } from '@toolsteps/sdk/schema';
import type { Problem } from '../diagnostic.js';
import { AccountLookup, names } from './account-lookup.js';
import { type CheckInput, eachStep, wasRefused } from './each-step.js';

/**
 * With a vault at hand, every step's account resolves: the one it names, its integration's default,
 * or the only account of that integration. Nothing here reads credentials: `list` has none.
 */
export async function checkAccounts({
  workflow,
  registry,
  vault,
  user,
  refused,
}: CheckInput): Promise<Problem[]> {
  if (!vault) return [];
  const accounts = new AccountLookup(vault, user);
  const problems: Problem[] = [];
  const defaults: Record<string, string> = workflow.defaults?.accounts ?? {};
  for (const [integration, ref] of Object.entries(defaults)) {
    if (!registry.integration(integration)) continue;
    const pointer = `/defaults/accounts/${escapePointer(integration)}`;
    const problem = await accounts.check(integration, ref, pointer);
    if (problem) problems.push(problem);
  }
  for (const { node, pointer } of eachStep(workflow.steps)) {
    const step = node.step === undefined ? undefined : registry.step(node.step);
    const integration = node.step === undefined ? undefined : registry.integrationOf(node.step);
    if (!step?.available || !integration) continue;
    // An account (or default) the schema refused is unknown: whether one resolves cannot be judged.
    const defaultAt = `/defaults/accounts/${escapePointer(integration.id)}`;
    if (wasRefused(refused, `${pointer}/account`) || wasRefused(refused, defaultAt)) continue;
    if (node.account !== undefined) {
      const problem = await accounts.check(integration.id, node.account, `${pointer}/account`);
      if (problem) problems.push(problem);
      continue;
    }
    if (defaults[integration.id] !== undefined) continue;
    const connected = await accounts.of(integration.id);
    if (connected.length === 1) continue;
    problems.push(
      connected.length === 0
        ? {
            code: 'no-account',
            pointer: `${pointer}/step`,
            message: `step "${node.id}" (${node.step}) needs ${withArticle(integration.id)} account and none is connected`,
            hint: `connect ${withArticle(integration.id)} account, then name it in "account" or defaults.accounts.${integration.id}`,
          }
        : {
            code: 'ambiguous-account',
            pointer: `${pointer}/step`,
            message: `step "${node.id}" (${node.step}) names no account and ${connected.length} ${integration.id} accounts are connected (${names(connected)})`,
            hint: `choose one with "account" on the step or with defaults.accounts.${integration.id}`,
          },
    );
  }
  return problems;
}
