// Building blocks for journals, trigger stores and front-ends built on the engine: how @toolsteps/sqlite,
// @toolsteps/redis and @toolsteps/cli are made, and what a Postgres journal or another CLI would reuse.
// The main entry stays what an agent runtime embeds; these follow the engine's version like it does.

// Resuming: whether the process that held a run still lives, and the refusal of another workflow version.
export { heldByLiveProcess } from '../execution/resume/process-alive.js';
export { refuseAnotherVersion } from '../execution/resume/resume-refused.js';
export { RunReplay } from '../execution/resume/run-replay.js';
// Files and JSON from outside: bounded reads and the checks untrusted JSON gets.
export { formatBytes } from '../http/format-bytes.js';
// Journals: rows as a journal stores them, the result a journaled run ended with, a run read back.
export {
  type RunRow,
  resultParams,
  type SendRow,
  type SpendRow,
  type StepRow,
  sendParams,
  spendParams,
  startParams,
  stepParams,
  toRun,
  toSent,
  toSpent,
  toTrace,
} from '../journal/journal-rows.js';
export { resultFromJournal } from '../journal/result-from-journal.js';
export { FileTooLargeError, readBoundedFile } from '../validation/read-bounded-file.js';
export { MAX_JSON_DEPTH, tooDeepAt, unsafeJsonValue } from '../validation/untrusted-json.js';
// Secrets at rest: the accounts file and the envelope encryption its key drives.
export { writeAccountsFile } from '../vault/accounts-file.js';
export {
  DEFAULT_KEY_ENV,
  decryptEnvelope,
  encryptText,
  parseVaultKey,
  type VaultEnvelope,
} from '../vault/vault-crypto.js';
