import type { GrantedTokens } from '@toolsteps/sdk';
import type { TokenAnswer } from '../auth/token-call.js';
import { providerSaid } from '../auth/token-call.js';
import { readTokenGrant } from '../auth/token-grant.js';
import type { SecretScrubber } from '../ports/services.js';
import { ConnectError } from './connect-error.js';

/**
 * The tokens a token endpoint granted, or the ConnectError its answer means. GitHub answers refusals
 * with status 200 and an `error` field, so `error` is read before the status. A grant missing a scope
 * that was asked for, or of a type other than bearer, is refused: the account would fail later.
 */
export function grantedTokens(
  answer: TokenAnswer,
  context: {
    who: string;
    scopes: readonly string[];
    impliedScopes?: Readonly<Record<string, readonly string[]>>;
    now: number;
    scrubber: SecretScrubber;
  },
): GrantedTokens {
  const { body, status } = answer;
  const { who, scrubber } = context;
  if (typeof body.error === 'string' && body.error !== '') {
    const error = providerSaid(scrubber, body.error, 60);
    const said = providerSaid(scrubber, body.error_description, 200);
    const reason = `${error}${said ? `: ${said}` : ''}`;
    if (error === 'access_denied')
      throw new ConnectError('access_denied', `${who} was denied (${reason}); nothing was stored`);
    throw new ConnectError(
      'grant_refused',
      `The token endpoint refused ${who} (${reason}); nothing was stored`,
      {
        details: { error, status },
      },
    );
  }
  if (status < 200 || status >= 300) {
    throw new ConnectError(
      'provider_error',
      `The token endpoint answered ${status} to ${who}; nothing was stored`,
      {
        details: { status },
      },
    );
  }
  const grant = readTokenGrant(body);
  if ('problem' in grant) {
    throw new ConnectError(
      'provider_error',
      `The token endpoint answered ${who} ${grant.problem === 'without an access token' ? 'without an access token (not a token grant: an HTML page or something else)' : grant.problem}; nothing was stored`,
    );
  }
  const type = body.token_type;
  if (typeof type === 'string' && type.toLowerCase() !== 'bearer') {
    throw new ConnectError(
      'grant_refused',
      `The token endpoint granted ${who} a "${providerSaid(scrubber, type, 30)}" token, not a bearer token; nothing was stored`,
    );
  }
  const granted: GrantedTokens = { accessToken: grant.accessToken };
  if (grant.refreshToken) granted.refreshToken = grant.refreshToken;
  if (grant.expiresInSeconds !== undefined)
    granted.expiresAt = new Date(context.now + grant.expiresInSeconds * 1000).toISOString();
  if (typeof body.scope === 'string') {
    granted.scopes = body.scope.split(/[\s,]+/).filter((scope) => scope !== '');
    const covered = withImplied(granted.scopes, context.impliedScopes ?? {});
    const missing = context.scopes.filter((scope) => !covered.has(scope));
    if (missing.length > 0) {
      throw new ConnectError(
        'grant_refused',
        `${who} was granted without ${missing.map((scope) => `"${scope}"`).join(', ')} (granted: ${granted.scopes.join(', ') || 'nothing'}); the steps need every scope asked for: authorize again granting them. Nothing was stored`,
        { details: { missing, granted: granted.scopes } },
      );
    }
  }
  return granted;
}

/** The scopes granted and every scope they include, transitively (`admin:org` → `write:org` → `read:org`). */
function withImplied(
  granted: readonly string[],
  implied: Readonly<Record<string, readonly string[]>>,
): Set<string> {
  const covered = new Set<string>();
  const pending = [...granted];
  while (pending.length > 0) {
    const scope = pending.pop() as string;
    if (covered.has(scope)) continue;
    covered.add(scope);
    pending.push(...(Object.hasOwn(implied, scope) ? implied[scope] : []));
  }
  return covered;
}
