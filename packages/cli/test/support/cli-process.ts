import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The monorepo root: every spawn runs there, as `pnpm toolsteps` does. */
export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
export const BIN = 'packages/cli/bin/toolsteps.js';
/** `--config` of the example integration: the steps tasks.list_tasks and tasks.complete_task. */
export const TASKS = ['--config', 'examples/tasks/toolsteps.config.json'];
export const TRIAGE = 'examples/tasks/workflows/triage.json';

/** Spawns compile TypeScript with tsx on a slow shared box: generous, and never asserted on. */
export const CLI_TIMEOUT_MS = 120_000;

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Variables to set (a string) or remove (undefined) on top of the test process's environment. */
  env?: Record<string, string | undefined>;
  /** Where it runs (its default files go there); default the repository root. */
  cwd?: string;
}

/** A CLI process still running: its output so far, a way to wait for a line, and its end. */
export interface CliProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout (or stderr); rejects if the process ends first. */
  waitFor(pattern: RegExp, stream?: 'stdout' | 'stderr'): Promise<RegExpMatchArray>;
  readonly exited: Promise<CliResult>;
}

/** The environment of a child: not a terminal (CI), without Jest's flags, colour settings or stray tokens. */
export function cliEnv(extra: CliOptions['env'] = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
  for (const name of ['NODE_OPTIONS', 'FORCE_COLOR', 'NO_COLOR', 'TASKS_TOKEN']) delete env[name];
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Starts `toolsteps <args>` with its stdin closed and its output piped (so neither stream is a TTY). */
export function startCli(args: string[], options: CliOptions = {}): CliProcess {
  const child = spawn(process.execPath, [resolve(REPO_ROOT, BIN), ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: cliEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: CLI_TIMEOUT_MS,
  });
  return watch(child);
}

/** Runs `toolsteps <args>` to its end. */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return startCli(args, options).exited;
}

/** Collects a child's output and exposes it while it runs. */
export function watch(child: ChildProcess): CliProcess {
  const text = { stdout: '', stderr: '' };
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    text.stdout += chunk;
    notify();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    text.stderr += chunk;
    notify();
  });
  let ended = false;
  const exited = new Promise<CliResult>((resolveExit, rejectExit) => {
    child.once('error', rejectExit);
    child.once('close', (code, signal) => {
      ended = true;
      notify();
      resolveExit({ code, signal, stdout: text.stdout, stderr: text.stderr });
    });
  });

  return {
    child,
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    exited,
    waitFor: (pattern, stream = 'stdout') =>
      new Promise((resolveMatch, rejectMatch) => {
        const check = () => {
          const match = text[stream].match(pattern);
          if (match) {
            waiters.delete(check);
            resolveMatch(match);
          } else if (ended) {
            waiters.delete(check);
            rejectMatch(
              new Error(
                `toolsteps ended before ${stream} showed ${pattern}\nstdout:\n${text.stdout}\nstderr:\n${text.stderr}`,
              ),
            );
          }
        };
        waiters.add(check);
        check();
      }),
  };
}
