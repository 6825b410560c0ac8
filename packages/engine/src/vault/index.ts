export type { AccountsFileOptions } from './accounts-file.js';
export type { AccountEntry, AccountsFileDocument } from './accounts-file-schema.js';
export { AccountEntrySchema, AccountsFileSchema } from './accounts-file-schema.js';
export { encryptAccountsFile } from './encrypt-accounts-file.js';
export type { Env } from './env-placeholders.js';
export { FileVault, type FileVaultOptions } from './file-vault.js';
export { MemoryVault } from './memory-vault.js';
export { DEFAULT_KEY_ENV, generateVaultKey, type VaultEnvelope } from './vault-crypto.js';
export type { VaultFileProblem } from './vault-file-error.js';
