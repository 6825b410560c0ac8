import { createHash, timingSafeEqual } from 'node:crypto';

/** The demo OAuth app's client id: a public demo value, shaped like GitHub's (`Ov23li` and 14 more). */
export const DEMO_OAUTH_CLIENT_ID = 'Ov23liDemoOctoApp001';
/** Its client secret: public too (40 hex digits, like GitHub's); it opens only the emulator. */
export const DEMO_OAUTH_CLIENT_SECRET = '0d3e5a1b7c9f2e4d6a8b0c1d3e5f7a9b2c4d6e8f';

/**
 * Loopback callback URLs, under which GitHub lets a native app's redirect_uri name any port and path:
 * a CLI listening on an ephemeral port completes the web flow.
 */
const LOOPBACK_CALLBACKS = ['http://127.0.0.1/', 'http://localhost/', 'http://[::1]/'];

/** GitHub's device flow default: poll no sooner than every 5 seconds. */
const DEVICE_INTERVAL_S = 5;

/** An OAuth app registered in the emulator. */
export interface OAuthApp {
  readonly name: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The callback URL a flow without `redirect_uri` returns to, and where GitHub sends some errors. */
  readonly callbackUrl: string;
  /** Every callback URL a `redirect_uri` may fall under (see redirect-uri.ts). */
  readonly callbackUrls: readonly string[];
  /** The device flow's polling interval, in seconds. */
  readonly deviceIntervalS: number;
}

export interface OAuthAppOptions {
  /** Callback URLs besides loopback's; the first is the app's own (a flow without `redirect_uri` goes there). */
  callbackUrls?: readonly string[];
  /** The device flow's polling interval in seconds; default 5, as on GitHub (0: poll at will). */
  deviceIntervalS?: number;
}

/** The demo app, with the callback URLs and polling interval given; throws at once on bad ones. */
export function demoOAuthApp(options: OAuthAppOptions = {}): OAuthApp {
  const given = options.callbackUrls ?? [];
  for (const url of given) {
    if (!URL.canParse(url))
      throw new TypeError(
        `oauthCallbackUrls: "${url}" is not an absolute URL, such as https://app.example/callback`,
      );
  }
  const interval = options.deviceIntervalS ?? DEVICE_INTERVAL_S;
  if (!(Number.isInteger(interval) && interval >= 0))
    throw new TypeError(
      `deviceFlowIntervalS must be a whole number of seconds, 0 or more, got ${options.deviceIntervalS}`,
    );
  const callbackUrls = [...given, ...LOOPBACK_CALLBACKS];
  return {
    name: 'Toolsteps demo',
    clientId: DEMO_OAUTH_CLIENT_ID,
    clientSecret: DEMO_OAUTH_CLIENT_SECRET,
    callbackUrl: callbackUrls[0],
    callbackUrls,
    deviceIntervalS: interval,
  };
}

/** Whether a secret is the app's, compared in constant time. */
export function secretMatches(app: OAuthApp, secret: string | undefined): boolean {
  if (secret === undefined) return false;
  return timingSafeEqual(digest(secret), digest(app.clientSecret));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
