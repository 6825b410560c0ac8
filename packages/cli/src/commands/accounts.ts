import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { textTable } from '../text-table.js';

export interface AccountsCommandOptions {
  accounts: string;
  user?: string;
  integration?: string;
  json?: boolean;
}

/** One row of the listing: what a user picks an account by, nothing of its credentials or settings. */
interface AccountRow {
  id: string;
  integration: string;
  name: string;
  user?: string;
}

/**
 * `toolsteps accounts`: the accounts of a file (of every user, or of `--user`), as a table or as JSON.
 * The vault's listing holds no credentials, and the rows carry only id, integration, name and user.
 */
export async function accountsCommand(options: AccountsCommandOptions, cli: CliContext): Promise<number> {
  const vault = await cli.openVault(options.accounts);
  const engine = await cli.engine(vault);
  if (options.integration !== undefined && !engine.registry.integration(options.integration)) {
    const known = engine.registry.integrations().map((integration) => integration.id);
    throw new UsageError(
      `--integration: no integration "${options.integration}" is installed (installed: ${known.join(', ') || 'none'})`,
    );
  }
  const summaries = await vault.list(
    options.integration,
    options.user === undefined ? undefined : { user: options.user },
  );
  const rows: AccountRow[] = summaries.map(({ id, integration, name, user }) => ({
    id,
    integration,
    name,
    ...(user === undefined ? {} : { user }),
  }));
  if (options.json) {
    cli.output.json(rows);
    return EXIT.ok;
  }
  if (rows.length === 0) {
    cli.output.line(`No accounts${selection(options)} in ${options.accounts}`);
    return EXIT.ok;
  }
  const table = textTable([
    ['ID', 'INTEGRATION', 'NAME', 'USER'],
    ...rows.map((row) => [row.id, row.integration, row.name, row.user ?? '-']),
  ]);
  for (const line of table) cli.output.line(line);
  return EXIT.ok;
}

function selection(options: AccountsCommandOptions): string {
  const of = options.integration === undefined ? '' : ` of ${options.integration}`;
  return options.user === undefined ? of : `${of} of user "${options.user}"`;
}
