import { StepError } from '@toolsteps/sdk';

/** Who a refresh was for, as messages name it: `account "Main" of Zendesk`. */
export type RefreshSubject = string;

/** A non-2xx answer of the token endpoint, as the error a user can act on. `said` is already scrubbed. */
export function refusedRefresh(
  status: number,
  error: string | undefined,
  said: string,
  who: RefreshSubject,
): StepError {
  const reason = error ? ` (${error}${said ? `: ${said}` : ''})` : '';
  if (error === 'invalid_grant') {
    return new StepError({
      code: 'reconnect_required',
      status,
      message: `The refresh token of ${who} was rejected${reason}: it was revoked or has expired. Disconnect and reconnect the account to authorize it again`,
      details: { error },
    });
  }
  if (status === 400 || status === 401 || status === 403) {
    return new StepError({
      code: 'unauthorized',
      status,
      message: `The token endpoint refused to refresh the token of ${who}${reason}: check the account's client id and secret, or disconnect and reconnect the account`,
      details: error ? { error } : undefined,
    });
  }
  return new StepError({
    code: status === 429 ? 'rate_limited' : status >= 500 ? 'unavailable' : 'upstream',
    status,
    message: `The token endpoint answered ${status} to the refresh of ${who}${reason}`,
  });
}

/** A 2xx answer whose grant cannot be used: nothing of it is kept. */
export function unusableGrant(status: number, problem: string, who: RefreshSubject): StepError {
  return new StepError({
    code: 'upstream',
    status,
    retryable: false,
    message: `The token endpoint answered the refresh of ${who} ${problem}; nothing was saved`,
  });
}
