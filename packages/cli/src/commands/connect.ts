import type { AccountSummary } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { type ApiKeyOptions, readApiKey } from '../connect/api-key-input.js';
import { reportingConnectErrors } from '../connect/connect-failure.js';
import {
  type ConnectTargetOptions,
  connectableIntegration,
  connectTarget,
} from '../connect/connect-target.js';
import { connectTimeoutMs, connectWait } from '../connect/connect-wait.js';
import { printConnectedAccount } from '../connect/connected-account.js';
import { connectWithDevice } from '../connect/device-flow.js';
import { type OAuthAppOptions, oauthAppGiven, requireOAuthApp } from '../connect/oauth-app.js';
import { connectInBrowser } from '../connect/web-flow.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { parsePort } from '../triggers/listen.js';

export interface ConnectCommandOptions extends ConnectTargetOptions, OAuthAppOptions, ApiKeyOptions {
  accounts: string;
  device?: boolean;
  json?: boolean;
  timeout?: string;
  port?: string;
  /** Refused: a secret as an argument shows in `ps` and stays in shell history. */
  apiKey?: string;
  clientSecret?: string;
}

/**
 * `toolsteps connect <integration>`: connects an account (OAuth in the browser or by device code, or
 * an API key) and stores it in the accounts file, created if missing. The engine proves the
 * credentials with the provider first: a failure stores nothing.
 */
export async function connectCommand(
  integrationId: string,
  options: ConnectCommandOptions,
  cli: CliContext,
  stdin: () => NodeJS.ReadableStream,
): Promise<number> {
  refuseSecretArguments(options, cli);
  // Each option checked before anything is opened or sent.
  const timeoutMs = connectTimeoutMs(options.timeout);
  const port = options.port === undefined ? 0 : parsePort(options.port);
  const client = oauthAppGiven(integrationId, options, cli, settingGiven(options.setting, 'baseUrl'));
  const vault = await cli.openVault(options.accounts, { create: true });
  const engine = await cli.engine(vault, {
    oauthClients: client === undefined ? {} : { [integrationId]: client },
    // The authorization's state lasts as long as the command waits for its callback.
    authorizationLifetimeMs: timeoutMs,
  });
  return reportingConnectErrors(async () => {
    const integration = connectableIntegration(engine.registry, integrationId);
    const { title, connect } = integration;
    let account: AccountSummary;
    if (connect.kind === 'apiKey') {
      refuseOptions(options, title, 'an API key', ['device', 'port', 'clientId', 'clientSecretFile']);
      const target = connectTarget(integration, options);
      // The wait starts before the key is read: a stdin that never gives one ends at the timeout too.
      const wait = connectWait(options.timeout, `Connecting ${title}`);
      try {
        const apiKey = await untilEnded(readApiKey(options, title, stdin(), cli), wait.signal);
        account = await engine.connect.withKey({ ...target.request, apiKey, signal: wait.signal });
      } catch (error) {
        throw wait.failure(error);
      } finally {
        wait.end();
      }
    } else {
      refuseOptions(options, title, 'OAuth authorization', ['apiKeyFile', 'apiKeyStdin']);
      if (options.device && !connect.deviceCodeUrl) {
        throw new UsageError(
          `--device: ${title} offers no device authorization: leave out --device to connect in the browser`,
        );
      }
      if (options.device && options.port !== undefined)
        throw new UsageError('--port is for the browser callback, which --device does without');
      const target = connectTarget(integration, options);
      requireOAuthApp(client, integration);
      const wait = connectWait(options.timeout, `Connecting ${title}`);
      try {
        account = options.device
          ? await connectWithDevice(engine, target, options, wait, cli)
          : await connectInBrowser(engine, target, { port, json: options.json }, wait, cli);
      } finally {
        wait.end();
      }
    }
    printConnectedAccount(
      account,
      { title, reconnected: options.reconnect !== undefined, file: options.accounts, json: options.json },
      cli,
    );
    return EXIT.ok;
  });
}

function refuseSecretArguments(options: ConnectCommandOptions, cli: CliContext): void {
  for (const [given, option, instead] of [
    [options.apiKey, '--api-key', '--api-key-file <file> or --api-key-stdin'],
    [options.clientSecret, '--client-secret', `--client-secret-file <file> or the environment`],
  ] as const) {
    if (given === undefined) continue;
    // Printed nowhere, but scrubbed should any message quote the command line.
    cli.scrubber.add(given);
    throw new UsageError(
      `${option} is refused: a secret given as an argument shows in ps and stays in shell history. Give it with ${instead}; nothing was sent`,
    );
  }
}

const FLAGS: Record<string, string> = {
  device: '--device',
  port: '--port',
  clientId: '--client-id',
  clientSecretFile: '--client-secret-file',
  apiKeyFile: '--api-key-file',
  apiKeyStdin: '--api-key-stdin',
};

/** Options of the other way of connecting are a mistake about the integration, not to be ignored. */
function refuseOptions(
  options: ConnectCommandOptions,
  title: string,
  how: string,
  names: (keyof ConnectCommandOptions & keyof typeof FLAGS)[],
): void {
  const given = names.filter((name) => options[name] !== undefined && options[name] !== false);
  if (given.length > 0) {
    throw new UsageError(
      `${given.map((name) => FLAGS[name]).join(', ')}: ${title} is connected with ${how}; leave ${given.length === 1 ? 'it' : 'them'} out`,
    );
  }
}

/** The value a `--setting name=value` gives, as typed. */
function settingGiven(settings: readonly string[] | undefined, name: string): string | undefined {
  const given = settings?.find((setting) => setting.startsWith(`${name}=`));
  return given?.slice(name.length + 1);
}

/** `work`, or the reason `signal` gives once it aborts first (the timeout, Ctrl-C). */
function untilEnded<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
