// biome-ignore-all lint/suspicious/noTemplateCurlyInString: accounts files spell environment placeholders as ${NAME}
import { afterEach, describe, expect, it } from '@jest/globals';
import { FileVault } from '../../../src/vault/index.js';
import { recordingLogger, type VaultFolder, vaultFolder } from './support/vault-files.js';

const inClear = {
  accounts: [
    { id: 'gh-bot', integration: 'github', name: 'bot', credentials: { token: 'gh-token-in-clear' } },
  ],
};
const fromEnvironment = {
  accounts: [{ id: 'gh-bot', integration: 'github', name: 'bot', credentials: { token: '${GH_TOKEN}' } }],
};

let folder: VaultFolder | undefined;
afterEach(() => folder?.remove());

// Reading never changes the file, so the vault says when it holds credentials others can read.
describe('opening an accounts file that other users can read', () => {
  it('warns once, naming the mode and how to close it, when it holds credentials in clear', async () => {
    folder = await vaultFolder(inClear, 0o644);
    const logger = recordingLogger();

    await FileVault.open(folder.path, { env: {}, logger });

    const warnings = logger.entries.filter((line) => line.level === 'warn').map((line) => line.message);
    expect(warnings).toEqual([
      `${folder.path} holds credentials in clear and other users can read it (mode 644): run \`chmod 600 ${folder.path}\`, or encrypt it with \`toolsteps encrypt-accounts ${folder.path}\``,
    ]);
    expect(JSON.stringify(logger.entries)).not.toContain('gh-token-in-clear');
    expect((await folder.mode()).toString(8)).toBe('644');
  });

  it('says nothing when the file is owner-only, or holds only environment placeholders', async () => {
    const logger = recordingLogger();
    folder = await vaultFolder(inClear, 0o600);
    await FileVault.open(folder.path, { env: {}, logger });
    await folder.remove();
    folder = await vaultFolder(fromEnvironment, 0o644);
    await FileVault.open(folder.path, { env: { GH_TOKEN: 'gh-token-from-env' }, logger });

    expect(logger.entries.filter((line) => line.level === 'warn')).toEqual([]);
  });
});
