import type { RecordedRequest } from '@toolsteps/emulator';

/** An emulator's `authorize`: the token endpoint is open; any other path needs a bearer token `valid()` holds. */
export const acceptsIssuedTokens =
  (valid: () => ReadonlySet<string>) =>
  (request: RecordedRequest): boolean =>
    request.path === '/oauth/token' ||
    valid().has((request.headers.authorization ?? '').replace(/^Bearer /, ''));
