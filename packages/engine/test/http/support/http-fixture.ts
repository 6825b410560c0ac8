import {
  type AuthSpec,
  type ConnectedAccount,
  type Effect,
  type HttpBinding,
  type HttpExchange,
  type HttpRequest,
  type HttpResponse,
  type Integration,
  StepError,
  Type,
} from '@toolsteps/sdk';
import { KyHttpClientFactory } from '../../../src/http/ky-http-client-factory.js';
import { UndiciTransport } from '../../../src/http/transport/undici-transport.js';
import type { CredentialVault } from '../../../src/ports/credential-vault.js';
import { SecretScrubber } from '../../../src/secrets/secret-scrubber.js';
import { FakeClock } from '../../../src/testing/fake-clock.js';
import { MemoryVault } from '../../../src/vault/memory-vault.js';
import { RecordingLogger } from './recording-logger.js';

export interface FixtureOptions {
  baseUrl: string;
  auth?: AuthSpec;
  binding?: Partial<HttpBinding>;
  accounts?: ConnectedAccount[];
  /** Wraps the memory vault, e.g. to make writes fail. */
  vault?: (vault: MemoryVault) => CredentialVault;
}

export const TOKEN = 'tok_live_5f2a9c7e1b';

export function account(
  credentials: Record<string, unknown> = { token: TOKEN },
  id = 'acct-1',
): ConnectedAccount {
  return { id, integration: 'demo', name: `Demo ${id}`, settings: {}, credentials };
}

/** An integration named Demo whose binding points at an emulator. */
export function demoIntegration(options: FixtureOptions): Integration {
  return {
    id: 'demo',
    title: 'Demo',
    status: 'stable',
    connection: Type.Object({}),
    auth: options.auth ?? { kind: 'token' },
    http: () => ({ baseUrl: options.baseUrl, ...options.binding }),
    steps: [],
  };
}

/** The factory with its real collaborators (memory vault, scrubber), a fake clock and a recording logger. */
/** One transport for every fixture of a test file, as one engine shares it across accounts. */
const transport = new UndiciTransport();

export function httpFixture(options: FixtureOptions) {
  const accounts = options.accounts ?? [account()];
  const memory = new MemoryVault(accounts);
  const vault = options.vault ? options.vault(memory) : memory;
  const scrubber = new SecretScrubber();
  const clock = new FakeClock();
  const logger = new RecordingLogger();
  const factory = new KyHttpClientFactory(vault, scrubber, clock, logger, transport);
  const integration = demoIntegration(options);
  const exchanges: HttpExchange[] = [];

  const client = (
    clientOptions: { effect?: Effect; signal?: AbortSignal; account?: ConnectedAccount } = {},
  ) =>
    factory.client({
      integration,
      account: clientOptions.account ?? accounts[0],
      effect: clientOptions.effect ?? 'read',
      signal: clientOptions.signal ?? new AbortController().signal,
      onExchange: (exchange) => exchanges.push(exchange),
    });

  return { factory, vault, scrubber, clock, logger, integration, exchanges, client };
}

/** The StepError a request fails with (fails the test when it succeeds). */
export async function failure(promise: Promise<HttpResponse<unknown>>): Promise<StepError> {
  try {
    const response = await promise;
    throw new Error(`Expected the request to fail, it answered ${response.status}`);
  } catch (error) {
    if (error instanceof StepError) return error;
    throw error;
  }
}

export type { HttpRequest };
