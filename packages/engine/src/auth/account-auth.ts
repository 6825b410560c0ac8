import type { ConnectedAccount, HttpRequest } from '@toolsteps/sdk';

/** The header that signs a request: its name and its (secret) value. */
export interface AuthHeader {
  name: string;
  value: string;
}

/** How one connected account signs its requests, whatever the integration's auth kind. */
export interface AccountAuth {
  /** The header name carrying the credential, lowercase: it is always redacted from exchanges. */
  readonly headerName: string;
  header(request: HttpRequest, signal: AbortSignal): Promise<AuthHeader>;
  /**
   * After the API answered 401 to a request signed with `rejected`: a fresh header to replay with,
   * or undefined when this kind of auth has nothing to renew.
   */
  renew(rejected: AuthHeader, request: HttpRequest, signal: AbortSignal): Promise<AuthHeader | undefined>;
  /** Takes in the account as a later caller passed it, e.g. reconnected with new credentials. */
  adopt(account: ConnectedAccount): void;
  /**
   * Whether `value` is one of this account's own credentials, current or replaced by a refresh:
   * a request may carry its own account's secrets, never another account's.
   */
  ownsCredential(value: string): boolean;
}
