import type { CliContext } from '../cli-context.js';
import { reportingConnectErrors } from '../connect/connect-failure.js';
import { type OAuthAppOptions, oauthAppGiven } from '../connect/oauth-app.js';
import { EXIT } from '../exit-codes.js';

export interface DisconnectCommandOptions extends OAuthAppOptions {
  accounts: string;
  user?: string;
  json?: boolean;
}

/**
 * `toolsteps disconnect <account>`: the engine withdraws the account's grant at the provider where
 * the integration can (GitHub deletes the app's grant with the OAuth app's credentials; Zendesk
 * revokes the token), then removes the account from the file, revoked or not, and says which.
 */
export async function disconnectCommand(
  id: string,
  options: DisconnectCommandOptions,
  cli: CliContext,
): Promise<number> {
  const vault = await cli.openVault(options.accounts);
  // The account's integration names the OAuth app a revocation may need.
  const summary = (await vault.list(undefined, { user: options.user })).find((account) => account.id === id);
  const client = summary && oauthAppGiven(summary.integration, options, cli, summary.settings.baseUrl);
  const engine = await cli.engine(vault, {
    oauthClients: summary && client ? { [summary.integration]: client } : {},
  });
  const disconnected = await reportingConnectErrors(() =>
    engine.connect.disconnect({ account: id, ...(options.user === undefined ? {} : { user: options.user }) }),
  );
  if (options.json) {
    cli.output.json(disconnected);
    return EXIT.ok;
  }
  const { account, revoked, revokeProblem } = disconnected;
  const title = engine.registry.integration(account.integration)?.title ?? account.integration;
  const owner = account.user === undefined ? '' : ` of user "${account.user}"`;
  cli.output.line(
    `Disconnected ${title} account "${account.name}" (id ${account.id})${owner}: removed from ${options.accounts}`,
  );
  if (revoked) cli.output.line(`Its grant was revoked at ${title}.`);
  else if (revokeProblem !== undefined)
    cli.output.error(
      `toolsteps: warning: ${title} did not revoke its grant (${revokeProblem}): revoke it in the account's settings at ${title}`,
    );
  else
    cli.output.line(
      `${title} offers no revocation: its credentials stay valid until they are withdrawn at ${title}.`,
    );
  return EXIT.ok;
}
