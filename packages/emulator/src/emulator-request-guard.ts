import type { IncomingHttpHeaders } from 'node:http';
import { type HostAllowList, hostnameOf } from './loopback-host.js';

/** Why a request is answered with a refusal before any route sees it. */
export interface GuardRefusal {
  status: 403 | 421;
  message: string;
}

/**
 * An emulator listens on loopback, yet a browser page can reach it: by DNS rebinding (attacker.example
 * made to resolve to 127.0.0.1, so the page's requests carry `Host: attacker.example`), or by calling
 * 127.0.0.1 directly (then they carry the page's `Origin`). Neither is answered: only requests
 * addressed to a loopback name or address (or a host allowed by name) from no page or a loopback
 * page. Programs (steps, tests, curl) send no `Origin` and address the emulator by its baseUrl.
 */
export function browserRefusal(headers: IncomingHttpHeaders, hosts: HostAllowList): GuardRefusal | undefined {
  const { host, origin } = headers;
  const hostname = host === undefined ? undefined : hostnameOf(host);
  if (hostname === undefined || !hosts.allows(hostname)) {
    return {
      status: 421,
      message: `This emulator answers only requests addressed to loopback (localhost, 127.0.0.1, [::1]) or to a host it was told to allow, not to Host ${JSON.stringify(host ?? '')}: address it by its baseUrl, or allow the name (createEmulator({ allowedHosts }), toolsteps emulate --allow-host <name>)`,
    };
  }
  if (origin !== undefined && !hosts.allows(originHostname(origin) ?? '')) {
    return {
      status: 403,
      message: `This emulator answers no page of another site (Origin ${JSON.stringify(origin)}): only programs, and pages served from loopback or an allowed host, may call it`,
    };
  }
  return undefined;
}

/** `https://example.com:8443` → `example.com`; undefined for `null` (a sandboxed or file page) and junk. */
function originHostname(origin: string): string | undefined {
  try {
    const { hostname } = new URL(origin);
    return hostnameOf(hostname);
  } catch {
    return undefined;
  }
}
