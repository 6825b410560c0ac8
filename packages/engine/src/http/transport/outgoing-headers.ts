/** What fetch would add when a request does not say: any type, the codings decodeBody undoes, who asks. */
const DEFAULTS: ReadonlyArray<readonly [string, string]> = [
  ['accept', '*/*'],
  ['accept-encoding', 'gzip, deflate, br'],
  ['user-agent', 'toolsteps'],
];

/** Framing is the transport's: undici sets these from the URL and the body, and refuses some outright. */
const TRANSPORT_OWNED: ReadonlySet<string> = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'upgrade',
  'expect',
  'content-length',
]);

/** The headers of a ky Request as undici takes them, with fetch's defaults where the request has none. */
export function outgoingHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  headers.forEach((value, name) => {
    if (!TRANSPORT_OWNED.has(name)) out[name] = value;
  });
  for (const [name, value] of DEFAULTS) out[name] ??= value;
  return out;
}
