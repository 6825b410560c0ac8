import type { ConnectedAccount } from '../contracts/account.js';
import { StepError } from '../contracts/step-error.js';

/** A credential the auth kind needs, or a `reconnect_required` error naming the account and the field. */
export function requireCredential(
  account: ConnectedAccount,
  field: string,
  integrationTitle: string,
): string {
  const value = account.credentials[field];
  if (typeof value === 'string' && value !== '') return value;
  throw new StepError({
    code: 'reconnect_required',
    message: `Account "${account.name}" of ${integrationTitle} has no "${field}" credential: reconnect the account (or add its ${field}) and run again`,
    details: { account: account.id, credential: field },
  });
}

/** Whether `value` is one of the credentials' strings, at any depth (some auth kinds nest them). */
export function holdsCredential(credentials: unknown, value: string): boolean {
  if (credentials === value) return true;
  if (credentials === null || typeof credentials !== 'object') return false;
  return Object.values(credentials).some((child) => holdsCredential(child, value));
}
