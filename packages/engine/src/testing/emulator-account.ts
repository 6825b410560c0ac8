import type { ConnectedAccount } from '@toolsteps/sdk';

/** An emulator session's demo accounts, or a test emulator's one account. */
export type EmulatorAccounts = { accounts: ConnectedAccount[] } | { account: ConnectedAccount };

/** The account a test runs with when it names an emulator instead: its first. */
export function emulatorAccount(emulator: EmulatorAccounts | undefined): ConnectedAccount | undefined {
  if (!emulator) return undefined;
  return 'account' in emulator ? emulator.account : emulator.accounts[0];
}
