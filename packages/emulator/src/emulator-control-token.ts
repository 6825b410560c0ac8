import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Where an emulator's control routes live (GitHub's `/_emulator/webhooks/emit`): not part of the API. */
const CONTROL_PREFIX = '/_emulator/';

/** A fresh token for one emulator's control routes: 32 random bytes, base64url. */
export function newControlToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isControlPath(path: string): boolean {
  return path.startsWith(CONTROL_PREFIX) || path === CONTROL_PREFIX.slice(0, -1);
}

/**
 * Why a request to a control route is refused, or undefined when it carries the emulator's control
 * token as `Authorization: Bearer <token>`. Compared in constant time: the token is the only thing
 * between a local process and the emulator's state.
 */
export function controlTokenRefusal(authorization: string | undefined, token: string): string | undefined {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (given !== undefined && timingSafeEqual(digest(given), digest(token))) return undefined;
  return given === undefined
    ? "The emulator's control routes (/_emulator/…) need its control token: send Authorization: Bearer <emulator.controlToken> (toolsteps emulate prints it)"
    : "This is not the emulator's control token: send Authorization: Bearer <emulator.controlToken> (toolsteps emulate prints it)";
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
