import { type AccountSummary, createEngine, FileVault } from '@toolsteps/engine';
import github from '@toolsteps/step-github';
import type { GithubEmulator } from '@toolsteps/step-github/testing';
import { visit } from './browser.js';

/**
 * Connects the emulator's demo user's GitHub account into an accounts file as an embedding runtime
 * does (engine.connect, the web flow), for a test of what the CLI does with it afterwards.
 */
export async function connectGithubAccount(
  emulator: GithubEmulator,
  file: string,
  user?: string,
): Promise<AccountSummary> {
  const engine = await createEngine({
    integrations: [github],
    vault: await FileVault.open(file, { create: true }),
    oauthClients: { github: emulator.oauthClient },
  });
  const started = await engine.connect.start({
    integration: 'github',
    ...(user === undefined ? {} : { user }),
    settings: { baseUrl: emulator.baseUrl },
    // Nobody listens there: the browser's way back is handed to finish as it is.
    redirectUri: 'http://127.0.0.1:9/callback',
  });
  const { location } = await visit(started.authorizationUrl);
  return engine.connect.finish({ callbackUrl: String(location), ...(user === undefined ? {} : { user }) });
}
