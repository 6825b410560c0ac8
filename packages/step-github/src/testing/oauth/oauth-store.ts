import type { GithubCore } from '../shared/github-core.js';
import { AuthorizationCodes } from './authorization-codes-store.js';
import { DeviceGrants } from './device-grants-store.js';
import { OAuthTokens } from './oauth-tokens-store.js';

/** What the OAuth flows keep: the web flow's codes, the device flow's grants, the tokens they issued. */
export class OAuthStore {
  readonly codes: AuthorizationCodes;
  readonly devices: DeviceGrants;
  readonly tokens: OAuthTokens;

  constructor(core: GithubCore) {
    this.codes = new AuthorizationCodes(core.now);
    this.devices = new DeviceGrants(core.now);
    this.tokens = new OAuthTokens(core);
  }
}
