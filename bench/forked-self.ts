import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A bench helper module running in a child process of its own, asked questions over IPC. */
export interface ForkedSelf<Reply extends { type: string }> {
  child: ChildProcess;
  /** Sends `message` (if any) and resolves with the next reply of `type`; rejects if the child exits first. */
  ask<T extends Reply['type']>(type: T, message?: string): Promise<Extract<Reply, { type: T }>>;
}

/**
 * Forks the module at `moduleUrl` with `--serve <json>`, under tsx: bench parts that must not share
 * the measured process's CPU or heap (an emulator, a trigger host) run this way.
 */
export function forkSelf<Reply extends { type: string }>(
  moduleUrl: string,
  plan: unknown,
  name: string,
): ForkedSelf<Reply> {
  const child = fork(fileURLToPath(moduleUrl), ['--serve', JSON.stringify(plan)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T extends Reply['type']>(type: T, message?: string) =>
    new Promise<Extract<Reply, { type: T }>>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if (reply.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(reply as Extract<Reply, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`${name} exited early (code ${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (message) child.send(message);
    });
  return { child, ask };
}
