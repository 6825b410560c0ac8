import { ConnectError, type Integration, type OAuthClient } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../exit-codes.js';
import { readSecretFile } from '../read-secret-file.js';

export interface OAuthAppOptions {
  clientId?: string;
  /** A file holding the client secret (one line): never the secret itself, which `ps` would show. */
  clientSecretFile?: string;
}

/** `TOOLSTEPS_GITHUB`: where the OAuth app of an integration is read from the environment. */
export function oauthAppEnvPrefix(integration: string): string {
  return `TOOLSTEPS_${integration.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/**
 * The OAuth app registered at the provider that the user authorizes, if one is given: `--client-id`
 * with `--client-secret-file`, else `TOOLSTEPS_<ID>_CLIENT_ID` and `TOOLSTEPS_<ID>_CLIENT_SECRET`.
 * The two sources are not mixed: an id of one app with the secret of another would fail at the
 * provider. Without a secret the app is a public client (PKCE alone), which some providers accept.
 */
export function oauthAppGiven(
  integration: string,
  options: OAuthAppOptions,
  cli: CliContext,
  /** Where the person running the CLI, who holds the app's secret, says the provider is (`baseUrl`). */
  providerAt?: unknown,
): OAuthClient | undefined {
  if (options.clientSecretFile !== undefined && options.clientId === undefined)
    throw new UsageError('--client-secret-file needs --client-id: the id of the app the secret is of');
  const client =
    options.clientId === undefined
      ? fromEnvironment(oauthAppEnvPrefix(integration))
      : fromOptions(options.clientId, options, cli);
  if (client?.clientSecret !== undefined) cli.scrubber.add(client.clientSecret);
  // The app is registered where its holder points the CLI (an Enterprise Server, an emulator): the
  // engine sends its secret to no origin beyond the integration's own and this one.
  const origin =
    typeof providerAt === 'string' && URL.canParse(providerAt) ? new URL(providerAt).origin : undefined;
  return client && origin ? { ...client, origins: [origin] } : client;
}

/** The app to authorize, or the error saying how to give one. */
export function requireOAuthApp(client: OAuthClient | undefined, integration: Integration): OAuthClient {
  if (client !== undefined) return client;
  const prefix = oauthAppEnvPrefix(integration.id);
  throw new ConnectError(
    'not_supported',
    `No OAuth app is configured for ${integration.title}: set ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET (or give --client-id and --client-secret-file) to those of the app registered at ${integration.title}, whose callback URLs take http://127.0.0.1 (\`toolsteps emulate ${integration.id}\` prints its emulator's demo app, where it has one)`,
  );
}

function fromEnvironment(prefix: string): OAuthClient | undefined {
  const clientId = process.env[`${prefix}_CLIENT_ID`]?.trim();
  // An empty variable is a value forgotten, not one given.
  if (!clientId) return undefined;
  const clientSecret = process.env[`${prefix}_CLIENT_SECRET`]?.trim();
  return clientSecret ? { clientId, clientSecret } : { clientId };
}

function fromOptions(clientId: string, options: OAuthAppOptions, cli: CliContext): OAuthClient {
  if (clientId.trim() === '') throw new UsageError('--client-id is empty');
  if (options.clientSecretFile === undefined) return { clientId: clientId.trim() };
  const file = readSecretFile(options.clientSecretFile, '--client-secret-file');
  if (file.openToOthers)
    cli.output.note(
      `toolsteps: warning: other users can read or replace the client secret file ${options.clientSecretFile} (mode ${file.mode}): run \`chmod 600 ${options.clientSecretFile}\``,
    );
  return { clientId: clientId.trim(), clientSecret: file.text };
}
