import {
  type ApiKeyAuth,
  type ConnectedAccount,
  type HttpRequest,
  isStepError,
  requireCredential,
  StepError,
  type TokenAuth,
} from '@toolsteps/sdk';
import type { AccountAuth, AuthHeader } from './account-auth.js';
import { holdsCredential } from './holds-credential.js';
import { assertSafeHeader } from './safe-header.js';

/**
 * `token` and `apiKey` auth: a header computed from the account's credentials (and, for API keys,
 * the request's `authParams`). A 401 cannot be cured here, so nothing is renewed.
 */
export class StaticAuth implements AccountAuth {
  readonly headerName: string;
  #account: ConnectedAccount;

  constructor(
    private readonly auth: TokenAuth | ApiKeyAuth,
    account: ConnectedAccount,
    private readonly integrationTitle: string,
  ) {
    this.#account = account;
    this.headerName =
      auth.kind === 'apiKey' ? (auth.header ?? 'authorization').toLowerCase() : 'authorization';
  }

  async header(request: HttpRequest): Promise<AuthHeader> {
    const value = this.#value(request);
    assertSafeHeader(this.headerName, value);
    return { name: this.headerName, value };
  }

  async renew(): Promise<undefined> {
    return undefined;
  }

  adopt(account: ConnectedAccount): void {
    this.#account = account;
  }

  ownsCredential(value: string): boolean {
    return holdsCredential(this.#account.credentials, value);
  }

  #value(request: HttpRequest): string {
    const account = this.#account;
    if (this.auth.kind === 'token')
      return `Bearer ${requireCredential(account, 'token', this.integrationTitle)}`;
    if (this.auth.value === undefined)
      return `Bearer ${requireCredential(account, 'apiKey', this.integrationTitle)}`;
    try {
      return this.auth.value(account, request);
    } catch (error) {
      if (isStepError(error)) throw error;
      throw new StepError({
        code: 'validation',
        message: `${this.integrationTitle} could not build the "${this.headerName}" header for account "${account.name}": ${(error as Error)?.message ?? String(error)}`,
        cause: error,
      });
    }
  }
}
