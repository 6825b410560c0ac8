// Takes the write lock of an accounts file, says so, and holds it until it is killed (kill -9 leaves
// the lock behind, as a crashed worker would).
import { withAccountsFileLock } from '../../../../engine/src/vault/accounts-file-lock.js';

await withAccountsFileLock(String(process.env.ACCOUNTS_FILE), async () => {
  process.stdout.write('holding the lock\n');
  setInterval(() => undefined, 60_000);
  await new Promise(() => undefined);
});
