import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { type CliProcess, cliEnv, watch } from '../../support/cli-process.js';

const ENGINE = resolve(import.meta.dirname, '../../..');

/**
 * Starts `node --import tsx support/<script>` as a separate process (its own event loop, its own
 * FileVault), with `env` on top of the test's environment; its stdin is kept open for `go`.
 */
export function startChild(script: string, env: Record<string, string | undefined>): CliProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, script)], {
    cwd: ENGINE,
    env: cliEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return watch(child);
}

/** Waits until every child is ready, then lets them all go at once. */
export async function startTogether(children: CliProcess[]): Promise<void> {
  await Promise.all(children.map((child) => child.waitFor(/^ready$/m)));
  for (const { child } of children) child.stdin?.write('go\n');
}

/** Resolves when the parent says `go` on stdin: children started one by one then work at once. */
export function waitForGo(): Promise<void> {
  process.stdout.write('ready\n');
  return new Promise((resolveGo) => {
    process.stdin.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('go')) resolveGo();
    });
  });
}
