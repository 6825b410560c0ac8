import { isIP } from 'node:net';
import { isLoopbackHostname } from '@toolsteps/emulator';
import type { OAuthApp } from './oauth-app.js';

/** The redirect_uri a flow returns to, or why it may not: GitHub's "Redirect URLs" rules. */
export type RedirectChoice = { ok: true; uri: string } | { ok: false; reason: string };

/**
 * A `redirect_uri` left out means the app's callback URL. One given must fall under one of the app's
 * callback URLs: same scheme; the same host or a sub-domain of it; the same port, except that a
 * loopback callback (127.0.0.1, localhost, [::1]) takes any port; and the callback's path or a
 * subdirectory of it.
 */
export function chooseRedirectUri(app: OAuthApp, given: string | undefined): RedirectChoice {
  if (given === undefined) return { ok: true, uri: app.callbackUrl };
  if (!URL.canParse(given)) return { ok: false, reason: 'The redirect_uri is not a valid URL.' };
  const redirect = new URL(given);
  if (app.callbackUrls.some((callback) => fallsUnder(redirect, new URL(callback)))) {
    return { ok: true, uri: given };
  }
  return { ok: false, reason: 'The redirect_uri is not associated with this application.' };
}

function fallsUnder(redirect: URL, callback: URL): boolean {
  if (redirect.protocol !== callback.protocol) return false;
  if (!sameHostOrSubdomain(redirect.hostname, callback.hostname)) return false;
  if (redirect.port !== callback.port && !isLoopbackHostname(callback.hostname)) return false;
  const base = callback.pathname;
  if (redirect.pathname === base) return true;
  return redirect.pathname.startsWith(base.endsWith('/') ? base : `${base}/`);
}

function sameHostOrSubdomain(host: string, callbackHost: string): boolean {
  if (host === callbackHost) return true;
  // Addresses have no sub-domains: 1.127.0.0.1 is not "under" 127.0.0.1.
  const bare = callbackHost.replace(/^\[|\]$/g, '');
  return isIP(bare) === 0 && host.endsWith(`.${callbackHost}`);
}

/** The same URL as GitHub compares them at the token exchange (`http://h:1` is `http://h:1/`). */
export function normalizedUri(uri: string): string {
  return URL.canParse(uri) ? new URL(uri).href : uri;
}
