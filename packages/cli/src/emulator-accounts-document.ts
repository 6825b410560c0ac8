import type { AccountsFileDocument } from '@toolsteps/engine';
import type { EmulatorSession } from '@toolsteps/sdk';

/**
 * The accounts file that reaches running emulators, as `emulate` prints and writes it. `accounts`
 * holds each emulator's default account only, so a step naming no account finds one, as in a run
 * without --accounts; the other seeded users wait in `emulators[].otherAccounts`, ready to move in.
 */
export function emulatorAccountsDocument(sessions: EmulatorSession[]): AccountsFileDocument {
  return {
    accounts: sessions.flatMap((session) => session.accounts.slice(0, 1)),
    emulators: sessions.map(({ integration, baseUrl, accounts, controlToken, oauthClient }) => ({
      integration,
      baseUrl,
      ...(accounts.length > 1 ? { otherAccounts: accounts.slice(1) } : {}),
      ...(controlToken === undefined ? {} : { controlToken }),
      ...(oauthClient === undefined ? {} : { oauthClient }),
    })),
  };
}
