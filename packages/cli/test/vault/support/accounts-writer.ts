// One of several processes updating the same accounts file at once: `COUNT` times, it updates its
// own account (`<WRITER>-own`) and the account every writer shares (`shared`), both at the same time.
import { FileVault } from '@toolsteps/engine';
import { waitForGo } from './child-process.js';

const writer = String(process.env.WRITER);
const count = Number(process.env.COUNT);
const vault = await FileVault.open(String(process.env.ACCOUNTS_FILE));
await waitForGo();
for (let round = 1; round <= count; round++) {
  const own = await vault.get({ id: `${writer}-own` });
  const shared = await vault.get({ id: 'shared' });
  await Promise.all([
    vault.update({ ...own, credentials: { ...own.credentials, token: `${writer}-token-${round}` } }),
    vault.update({ ...shared, settings: { writer, round } }),
  ]);
}
process.stdout.write('done\n');
process.exit(0);
