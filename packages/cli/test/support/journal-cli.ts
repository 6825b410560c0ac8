import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { BIN, type CliResult, cliEnv, REPO_ROOT, TRIAGE, watch } from './cli-process.js';

/** `run` of the tasks example's triage workflow, in absolute paths: it works from any folder. */
export const TRIAGE_RUN = [
  '--config',
  resolve(REPO_ROOT, 'examples/tasks/toolsteps.config.json'),
  'run',
  resolve(REPO_ROOT, TRIAGE),
  '--input',
  '{"today":"2026-11-21"}',
];

/** Runs `toolsteps <args>` from `cwd`, where the default journal `.toolsteps/runs.sqlite` goes. */
export function runCliIn(cwd: string, args: string[]): Promise<CliResult> {
  const child = spawn(process.execPath, [resolve(REPO_ROOT, BIN), ...args], {
    cwd,
    env: cliEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watch(child).exited;
}
