import type { ConnectedAccount } from '@toolsteps/sdk';
import type { TasksEmulator } from '../../../../../examples/tasks/src/testing/index.js';

export type User = 'alice' | 'bob';

/** A token the tasks emulator refuses: the account of the user who does not hold the emulator's. */
const REFUSED_TOKEN = 'tasks-token-the-emulator-refuses';

/**
 * Alice's and Bob's tasks accounts: the same id (`tasks`) and name (`Main`), different tokens, and
 * no account of no user. Only `holder`'s token is the one the emulator takes: a step run with the
 * other user's account (or none) fails, and the request log says whose token each request carried.
 */
export function tasksAccountsOfTwoUsers(emulator: TasksEmulator, holder: User): ConnectedAccount[] {
  const token = String(emulator.account.credentials.token);
  return (['alice', 'bob'] as const).map((user) => ({
    ...emulator.account,
    id: 'tasks',
    name: 'Main',
    user,
    credentials: { token: user === holder ? token : REFUSED_TOKEN },
  }));
}

/** Whose account a request the emulator received was sent with: the holder's, or the other's. */
export function whoseAccount(
  request: TasksEmulator['requests'][number],
  emulator: TasksEmulator,
  holder: User,
): string {
  const authorization = request.headers.authorization;
  if (authorization === `Bearer ${String(emulator.account.credentials.token)}`) return holder;
  if (authorization === `Bearer ${REFUSED_TOKEN}`) return holder === 'alice' ? 'bob' : 'alice';
  return 'nobody';
}
