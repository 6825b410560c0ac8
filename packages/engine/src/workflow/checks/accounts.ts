import type { AccountSummary, CredentialVault } from '../../contracts/account.js';
import { escapePointer } from '../../validation/json-pointer.js';
import { withArticle } from '../describe-value.js';
import type { Problem } from '../diagnostic.js';
import { didYouMean } from '../did-you-mean.js';
import { type CheckInput, eachStep, wasRefused } from './each-step.js';

/**
 * With a vault at hand, every step's account resolves: the one it names, its integration's default,
 * or the only account of that integration. Nothing here reads credentials: `list` has none.
 */
export async function checkAccounts({ workflow, registry, vault, refused }: CheckInput): Promise<Problem[]> {
  if (!vault) return [];
  const accounts = new Accounts(vault);
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

class Accounts {
  private readonly lists = new Map<string, Promise<AccountSummary[]>>();
  private all?: Promise<AccountSummary[]>;

  constructor(private readonly vault: CredentialVault) {}

  of(integration: string): Promise<AccountSummary[]> {
    let list = this.lists.get(integration);
    if (list === undefined) {
      list = this.vault
        .list(integration)
        .then((found) => found.filter((account) => account.integration === integration));
      this.lists.set(integration, list);
    }
    return list;
  }

  async check(integration: string, ref: string, pointer: string): Promise<Problem | undefined> {
    const matches = (account: AccountSummary) => account.id === ref || account.name === ref;
    const connected = await this.of(integration);
    if (connected.some(matches)) return undefined;
    this.all ??= this.vault.list();
    const elsewhere = (await this.all).find(
      (account) => matches(account) && account.integration !== integration,
    );
    if (elsewhere) {
      return {
        code: 'account-wrong-integration',
        pointer,
        message: `account "${ref}" is ${withArticle(elsewhere.integration)} account, but ${withArticle(integration)} account is needed here${connected.length > 0 ? ` (connected: ${names(connected)})` : ''}`,
      };
    }
    if (connected.length === 0) {
      return {
        code: 'unknown-account',
        pointer,
        message: `unknown ${integration} account "${ref}": no ${integration} account is connected`,
        hint: `connect ${withArticle(integration)} account named "${ref}"`,
      };
    }
    const candidates = connected.flatMap((account) => [account.name, account.id]);
    return {
      code: 'unknown-account',
      pointer,
      message: `unknown ${integration} account "${ref}"${didYouMean(ref, candidates)} (connected: ${names(connected)})`,
    };
  }
}

function names(accounts: readonly AccountSummary[]): string {
  return accounts.map((account) => account.name).join(', ');
}
