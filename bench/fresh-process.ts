import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FLAG = '--measure';

/**
 * Runs a bench module's measurement in a fresh Node process and resolves with what it sends back.
 * A fresh process starts with an empty heap and cold JIT, whatever ran before it: numbers from one
 * part of a bench (or an earlier bench) cannot leak into another's through GC or inlining.
 * `module` is the `import.meta.url` of a module that calls `answerWhenForked` at its top level.
 */
export function measureInFreshProcess<T>(module: string, plan: unknown): Promise<T> {
  const child = fork(fileURLToPath(module), [FLAG, JSON.stringify(plan)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) =>
      reject(new Error(`The measuring process of ${module} exited (code ${code}) without a result`)),
    );
  });
}

/** In the forked process only: measures the plan it was given and sends the result to the parent. */
export async function answerWhenForked<P>(module: string, measure: (plan: P) => Promise<unknown>) {
  if (process.argv[2] !== FLAG || process.argv[1] !== fileURLToPath(module)) return;
  const result = await measure(JSON.parse(process.argv[3] ?? '{}') as P);
  process.send?.(result);
  process.disconnect();
}
