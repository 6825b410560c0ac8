import type { AccountSummary } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';

/**
 * Says which account was stored: its id (what a step's `"account"` names) and name, never a
 * credential. With --json one line, `{"account": {…}}`, the last of the command's lines.
 */
export function printConnectedAccount(
  account: AccountSummary,
  how: { title: string; reconnected: boolean; file: string; json?: boolean },
  cli: CliContext,
): void {
  if (how.json) {
    cli.output.jsonLine({ account });
    return;
  }
  const owner = account.user === undefined ? '' : ` for user "${account.user}"`;
  cli.output.line(
    `${how.reconnected ? 'Reconnected' : 'Connected'} ${how.title} account "${account.name}" (id ${account.id})${owner}, stored in ${how.file}`,
  );
}
