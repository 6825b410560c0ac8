/**
 * A lock every process using the same accounts shares (workers on several machines), so only one of
 * them refreshes an account's OAuth token at a time: a rotating refresh token is spent once, and the
 * new tokens are written back once. Bound as `TOKENS.RefreshLock`; without it each process refreshes
 * on its own (single-flight within the process only).
 */
export interface RefreshLock {
  /**
   * Runs `work` while holding the lock named `key`, waiting while another process holds it; the lock
   * is released when `work` settles. Rejects when `signal` aborts first, or when the wait is too long.
   */
  hold<T>(key: string, work: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T>;
}
