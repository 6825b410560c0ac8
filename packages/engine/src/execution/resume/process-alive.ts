import { hostname } from 'node:os';

/**
 * Whether the process that holds a run still lives: same host, and the pid answers signal 0
 * (EPERM: it lives under another user). A pid reused since a crash reads as alive: `force` overrides.
 */
export function heldByLiveProcess(owner: { ownerPid?: number; ownerHost?: string }): boolean {
  const { ownerPid, ownerHost } = owner;
  if (ownerPid === undefined || ownerHost !== hostname() || ownerPid === process.pid) return false;
  try {
    process.kill(ownerPid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
