// Opens an accounts file in a process of its own (run as another user when the test runs as root,
// for whom no folder is read-only) and prints the ids of its accounts.
import { FileVault } from '../../../src/vault/index.js';

const vault = await FileVault.open(String(process.env.ACCOUNTS_FILE), { env: {} });
const ids = (await vault.list()).map(({ id }) => id);
process.stdout.write(`opened: ${JSON.stringify(ids)}\n`);
process.exit(0);
