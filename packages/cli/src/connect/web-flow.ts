import type { AccountSummary, Engine } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { listenForCallback } from './callback-listener.js';
import { callbackPage } from './callback-page.js';
import { isConnectError } from './connect-failure.js';
import type { ConnectTarget } from './connect-target.js';
import type { ConnectWait } from './connect-wait.js';

/**
 * The browser flow: listens on loopback for the callback, prints the authorization URL, waits for
 * the one callback, has the engine exchange its code and store the account, then answers the browser
 * with what happened. The listener is closed whatever the outcome.
 */
export async function connectInBrowser(
  engine: Engine,
  target: ConnectTarget,
  options: { port: number; json?: boolean },
  wait: ConnectWait,
  cli: CliContext,
): Promise<AccountSummary> {
  const title = target.integration.title;
  const listener = await listenForCallback(options.port);
  try {
    const started = await engine.connect.start({ ...target.request, redirectUri: listener.redirectUri });
    if (options.json) {
      cli.output.jsonLine({ authorizationUrl: started.authorizationUrl, expiresAt: started.expiresAt });
    } else {
      cli.output.note(
        `Open this address in a browser to connect ${title} (waiting for its callback at ${listener.redirectUri}; Ctrl-C cancels):`,
      );
      cli.output.line(started.authorizationUrl);
    }
    const callback = await listener.callback(wait.signal);
    try {
      const account = await engine.connect.finish({
        callbackUrl: callback.url,
        // The one who started is the one whose browser comes back to this process.
        ...(target.request.user === undefined ? {} : { user: target.request.user }),
        signal: wait.signal,
      });
      await callback.answer(
        200,
        callbackPage({
          ok: true,
          title: `${title} connected`,
          text: `Account "${account.name}" (id ${account.id}) is connected.`,
        }),
      );
      return account;
    } catch (error) {
      const failure = wait.failure(error);
      // A fault of ours is not detailed to the browser: the terminal tells it.
      const text = isConnectError(failure)
        ? `${failure.code}: ${cli.scrubber.scrub(failure.message)}`
        : 'toolsteps failed to store the account: the terminal says why.';
      await callback.answer(
        isConnectError(failure) ? 400 : 500,
        callbackPage({ ok: false, title: `${title} not connected`, text }),
      );
      throw failure;
    }
  } catch (error) {
    throw wait.failure(error);
  } finally {
    await listener.close();
  }
}
