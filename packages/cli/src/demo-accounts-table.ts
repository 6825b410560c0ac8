import type { EmulatorSession } from '@toolsteps/sdk';
import { textTable } from './text-table.js';

/**
 * Every seeded user's demo account of running emulators, one line each with its credentials. Printed
 * on purpose: demo credentials are public values that open only these emulators.
 */
export function demoAccountsTable(sessions: EmulatorSession[]): string[] {
  const rows = sessions.flatMap((session) =>
    session.accounts.map((account, index) => [
      account.id,
      account.name,
      index === 0 ? 'default' : 'other',
      Object.entries(account.credentials)
        .map(([field, value]) => `${field}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join(' '),
    ]),
  );
  return textTable([['ACCOUNT', 'NAME', 'USE', 'CREDENTIALS'], ...rows]);
}
