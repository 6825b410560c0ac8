import type { AccountSummary, GrantedTokens, OAuthClient } from '@toolsteps/sdk';
import type { TokenAnswer, TokenCall } from '../auth/token-call.js';
import { providerSaid } from '../auth/token-call.js';
import type { Clock } from '../ports/clock.js';
import type { SecretScrubber } from '../ports/services.js';
import { ConnectError } from './connect-error.js';
import type { DeviceAuthorization } from './connect-options.js';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** RFC 8628 §3.2: without an interval, clients wait 5 seconds between polls. */
const DEFAULT_INTERVAL_S = 5;
/** §3.5: `slow_down` adds 5 seconds to the interval. */
const SLOW_DOWN_S = 5;
/** Bounds on what the provider may say: a code lives at most an hour; polls come at most a minute apart. */
const MAX_LIFETIME_S = 3600;
const MAX_INTERVAL_S = 60;

export interface DeviceFlow {
  codeUrl: URL;
  tokenUrl: URL;
  client: OAuthClient;
  scopes: string;
  who: string;
  clock: Clock;
  scrubber: SecretScrubber;
  call(call: Omit<TokenCall, 'timeoutMs' | 'scrubber'>, signal: AbortSignal): Promise<TokenAnswer>;
  grant(answer: TokenAnswer): GrantedTokens;
  store(grant: GrantedTokens, signal: AbortSignal): Promise<AccountSummary>;
}

/** Asks for a device code (RFC 8628 §3.1) and returns what the user needs, with a `complete` that polls. */
export async function startDeviceAuthorization(
  flow: DeviceFlow,
  signal: AbortSignal,
): Promise<DeviceAuthorization> {
  const { client } = flow;
  const { status, body } = await flow.call(
    {
      url: flow.codeUrl,
      form: { client_id: client.clientId, scope: flow.scopes },
      secrets: [],
      wording: {
        act: `the start of ${flow.who}`,
        failure: `Could not start ${flow.who}`,
        carries: 'the client id',
      },
    },
    signal,
  );
  const refused = (why: string) =>
    new ConnectError(
      'provider_error',
      `The device code endpoint answered ${flow.who} ${why}; nothing was stored`,
    );
  if (typeof body.error === 'string') {
    throw new ConnectError(
      'grant_refused',
      `The device code endpoint refused ${flow.who} (${providerSaid(flow.scrubber, body.error, 60)})`,
    );
  }
  if (status < 200 || status >= 300) throw refused(`with status ${status}`);
  const deviceCode = body.device_code;
  const userCode = body.user_code;
  const verificationUri = body.verification_uri;
  if (typeof deviceCode !== 'string' || deviceCode === '' || deviceCode.length > 1024)
    throw refused('without a device code');
  if (typeof userCode !== 'string' || !/^[\x21-\x7e]{1,32}$/.test(userCode))
    throw refused('without a user code');
  // Shown to the user as it is: printable, no spaces or control characters (no terminal escapes).
  if (
    typeof verificationUri !== 'string' ||
    !/^https?:\/\/[\x21-\x7e]{1,2000}$/.test(verificationUri) ||
    !URL.canParse(verificationUri)
  )
    throw refused('without an http(s) verification address');
  const lifetimeS = bounded(body.expires_in, 1, MAX_LIFETIME_S) ?? 900;
  let intervalS = bounded(body.interval, 1, MAX_INTERVAL_S) ?? DEFAULT_INTERVAL_S;
  const expiresAt = flow.clock.now() + lifetimeS * 1000;
  let completing: Promise<AccountSummary> | undefined;

  const poll = async (pollSignal: AbortSignal): Promise<AccountSummary> => {
    for (;;) {
      await flow.clock.sleep(intervalS * 1000, pollSignal).catch(() => {
        throw new ConnectError(
          'cancelled',
          `${flow.who} was cancelled while waiting for the user; nothing was stored`,
        );
      });
      if (flow.clock.now() >= expiresAt) throw expired(flow.who);
      const answer = await flow.call(
        {
          url: flow.tokenUrl,
          form: {
            client_id: client.clientId,
            device_code: deviceCode,
            grant_type: DEVICE_GRANT,
            ...(client.clientSecret ? { client_secret: client.clientSecret } : {}),
          },
          secrets: [deviceCode, client.clientSecret ?? ''],
          wording: {
            act: `a poll of ${flow.who}`,
            failure: `Could not poll ${flow.who}`,
            carries: 'the device code and client secret',
          },
        },
        pollSignal,
      );
      const error = answer.body.error;
      if (error === 'authorization_pending') continue;
      if (error === 'slow_down') {
        intervalS = Math.min(
          bounded(answer.body.interval, intervalS + 1, MAX_INTERVAL_S) ?? intervalS + SLOW_DOWN_S,
          MAX_INTERVAL_S,
        );
        continue;
      }
      if (error === 'expired_token') throw expired(flow.who);
      return flow.store(flow.grant(answer), pollSignal);
    }
  };

  return {
    userCode,
    verificationUri,
    expiresAt: new Date(expiresAt).toISOString(),
    // One poller however often it is asked: two would race for the single token.
    complete: (completeSignal) => {
      completing ??= poll(completeSignal ?? signal);
      return completing;
    },
  };
}

function expired(who: string): ConnectError {
  return new ConnectError('expired', `The code of ${who} expired before the user approved it: start again`);
}

/** A whole number of seconds within [min, max], from a number or numeric text; undefined otherwise. */
function bounded(value: unknown, min: number, max: number): number | undefined {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(seconds)) return undefined;
  return Math.min(Math.max(Math.ceil(seconds), min), max);
}
