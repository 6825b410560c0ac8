import { BlockList, isIP } from 'node:net';

const LOOPBACK_ADDRESSES = new BlockList();
LOOPBACK_ADDRESSES.addSubnet('127.0.0.0', 8, 'ipv4');
// IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are checked against the IPv4 subnet too.
LOOPBACK_ADDRESSES.addAddress('::1', 'ipv6');

/** What a Host header or an allowed host may hold: a name or an address, a port; nothing else. */
const HOST_SYNTAX = /^[A-Za-z0-9._~\-[\]:]+$/;

/**
 * The host name a Host header (`example.com:8080`, `[::1]:80`) or a URL host names, as a URL spells
 * it: lower case, IPv4 in dotted decimal (`127.1` is `127.0.0.1`), IPv6 in brackets, the port left
 * out. Undefined for anything else (userinfo, a path, an empty value).
 */
export function hostnameOf(host: string): string | undefined {
  if (!HOST_SYNTAX.test(host)) return undefined;
  try {
    const hostname = new URL(`http://${host}/`).hostname;
    return hostname === '' ? undefined : hostname;
  } catch {
    return undefined;
  }
}

/**
 * Whether a host name, as a URL spells it, is this machine whatever any DNS says: `localhost` and
 * names under it (RFC 6761), 127.0.0.0/8 and ::1 (IPv4-mapped too).
 */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const address = name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
  const family = isIP(address);
  return family !== 0 && LOOPBACK_ADDRESSES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Host names as given to allow (a container's name, an address), as `hostnameOf` spells them.
 * Throws, naming `what` was given, on one that is no host name or holds a port.
 */
export function allowedHostnames(names: readonly string[], what: string): string[] {
  return names.map((name) => {
    const hostname = hostnameOf(name);
    if (hostname === undefined || new URL(`http://${name}/`).port !== '')
      throw new Error(
        `${what} "${name}" is not a host name or address without a port, such as emulators or 10.0.0.5`,
      );
    return hostname;
  });
}

/**
 * Loopback and the host names given (say a container's name, which a proxy forwards here): what
 * an emulator answers to, or sends webhooks to. A given name that is no host name is refused at once.
 */
export class HostAllowList {
  readonly #names: ReadonlySet<string>;

  constructor(names: readonly string[] = [], what = 'allowed host') {
    this.#names = new Set(allowedHostnames(names, what));
  }

  /** Whether this host name (as `hostnameOf` spells it) is loopback or one of the names given. */
  allows(hostname: string): boolean {
    return isLoopbackHostname(hostname) || this.#names.has(hostname);
  }
}
