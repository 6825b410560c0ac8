import { randomBytes, randomInt } from 'node:crypto';

/** GitHub's device and user codes expire after 15 minutes. */
export const DEVICE_CODE_LIFETIME_S = 900;
/** What GitHub adds to a device's polling interval at each `slow_down`. */
const SLOW_DOWN_STEP_S = 5;

/** RFC 8628's base-20 alphabet: no vowels (no words), no look-alike digits. GitHub's codes look so: WDJB-MJHT. */
const USER_CODE_LETTERS = 'BCDFGHJKLMNPQRSTVWXZ';

/** A user_code: 8 characters with a hyphen in the middle. */
function newUserCode(): string {
  let letters = '';
  for (let i = 0; i < 8; i += 1) letters += USER_CODE_LETTERS[randomInt(USER_CODE_LETTERS.length)];
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** A user code as typed (any case, spaces, the hyphen left out) spelled as issued. */
function normalizedUserCode(typed: string): string {
  const letters = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return letters.length === 8 ? `${letters.slice(0, 4)}-${letters.slice(4)}` : letters;
}

/** pending until the user approves or denies it; issued once its token was handed out. */
export type DeviceGrantStatus = 'pending' | 'approved' | 'denied' | 'issued';

export interface DeviceGrant {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly expiresAt: number;
  status: DeviceGrantStatus;
  /** Who approved it. */
  login?: string;
  /** The least time between two polls, in seconds: raised at each `slow_down`. */
  intervalS: number;
  lastPollAt?: number;
}

/** The device flow's pending authorizations, by device code and by user code. */
export class DeviceGrants {
  readonly #byDeviceCode = new Map<string, DeviceGrant>();

  constructor(private readonly now: () => number) {}

  start(clientId: string, scopes: readonly string[], intervalS: number): DeviceGrant {
    this.#dropExpired();
    let userCode = newUserCode();
    while (this.byUserCode(userCode) !== undefined) userCode = newUserCode();
    const grant: DeviceGrant = {
      // 40 hex digits, as GitHub's.
      deviceCode: randomBytes(20).toString('hex'),
      userCode,
      clientId,
      scopes,
      expiresAt: this.now() + DEVICE_CODE_LIFETIME_S * 1000,
      status: 'pending',
      intervalS,
    };
    this.#byDeviceCode.set(grant.deviceCode, grant);
    return grant;
  }

  /** The client's grant for a device code (expired ones too, to say so), or undefined. */
  byDeviceCode(clientId: string, deviceCode: string | undefined): DeviceGrant | undefined {
    const grant = deviceCode === undefined ? undefined : this.#byDeviceCode.get(deviceCode);
    return grant?.clientId === clientId ? grant : undefined;
  }

  /** The grant a user code names, as the user types it (any case, hyphen or not). */
  byUserCode(typed: string): DeviceGrant | undefined {
    const userCode = normalizedUserCode(typed);
    for (const grant of this.#byDeviceCode.values()) if (grant.userCode === userCode) return grant;
    return undefined;
  }

  isExpired(grant: DeviceGrant): boolean {
    return this.now() >= grant.expiresAt;
  }

  /**
   * Counts a poll: true when it came sooner than the interval after the previous one, which then
   * grows by 5 seconds for this and every later poll, as RFC 8628 and GitHub have it.
   */
  pollTooSoon(grant: DeviceGrant): boolean {
    const now = this.now();
    const tooSoon = grant.lastPollAt !== undefined && now - grant.lastPollAt < grant.intervalS * 1000;
    grant.lastPollAt = now;
    if (tooSoon) grant.intervalS += SLOW_DOWN_STEP_S;
    return tooSoon;
  }

  /** Grants past their lifetime are kept an hour longer, so a late poll still hears `expired_token`. */
  #dropExpired(): void {
    const cutoff = this.now() - 3600 * 1000;
    for (const [key, grant] of this.#byDeviceCode)
      if (grant.expiresAt < cutoff) this.#byDeviceCode.delete(key);
  }
}
