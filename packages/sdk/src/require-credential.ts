import type { ConnectedAccount } from './account.js';
import { StepError } from './step-error.js';

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
