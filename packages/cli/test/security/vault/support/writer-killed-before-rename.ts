// A writer of an accounts file that stops with its temporary file fully written but not yet renamed,
// says where it is, and waits there to be killed: `kill -9` at the worst moment, made deterministic.
import { writeAccountsFile } from '../../../../../engine/src/vault/accounts-file.js';
import { withAccountsFileLock } from '../../../../../engine/src/vault/accounts-file-lock.js';

const path = process.argv[2];
const token = process.env.ACCOUNT_TOKEN;
const document = { accounts: [{ id: 'gh-bot', integration: 'github', name: 'bot', credentials: { token } }] };

// Under the file's lock, as every writer of the vault writes.
await withAccountsFileLock(path, () =>
  writeAccountsFile(path, document, undefined, {
    beforeRename: async (temporaryPath) => {
      process.stdout.write(`paused before rename: ${temporaryPath}\n`);
      setInterval(() => undefined, 60_000);
      await new Promise(() => undefined);
    },
  }),
);
