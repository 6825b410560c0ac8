import {
  type ConnectedAccount,
  createEngine,
  type HttpClientFactory,
  type HttpExchange,
  silentLogger,
  summarize,
  TOKENS,
  type TriggerContext,
} from '@toolsteps/engine';
import github from '../../src/index.js';

/**
 * What the trigger host hands trigger code: the account's client from a real engine (auth,
 * retries, limits, answer checks), so registration and polling are tested as they will run.
 * `exchanges` records every request it sends.
 */
export async function triggerContext(
  account: ConnectedAccount,
): Promise<TriggerContext & { exchanges: HttpExchange[] }> {
  const engine = await createEngine({ integrations: [github], accounts: [account] });
  const factory = engine.container.get<HttpClientFactory>(TOKENS.HttpClientFactory);
  const signal = new AbortController().signal;
  const exchanges: HttpExchange[] = [];
  const http = factory.client({
    integration: github,
    account,
    effect: 'write',
    signal,
    onExchange: (exchange) => exchanges.push(exchange),
  });
  return { account: summarize(account), http, signal, log: silentLogger, exchanges };
}
