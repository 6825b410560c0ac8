import { type CliOptions, type CliProcess, type CliResult, startCli } from './cli-process.js';

/** A JSON line `serve --json` printed: a host event, or `serve.ready`. */
export type ServeLine = { type: string; [field: string]: unknown };

/** `toolsteps serve … --json` running: its JSON lines so far, and a way to wait for one. */
export interface ServeProcess {
  readonly cli: CliProcess;
  /** The `serve.ready` line: port, public URL, bindings (and emulators when it started them). */
  ready(): Promise<ServeLine>;
  lines(): ServeLine[];
  /** Resolves with the first line (from the start) that matches; rejects if serve ends first. */
  waitForLine(match: (line: ServeLine) => boolean): Promise<ServeLine>;
  /** Ctrl-C, then the end of the process. */
  stop(): Promise<CliResult>;
}

export function startServe(args: string[], options: CliOptions = {}): ServeProcess {
  const cli = startCli(['serve', ...args, '--json'], options);
  const lines = () =>
    cli
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as ServeLine);
  const waitForLine = async (match: (line: ServeLine) => boolean): Promise<ServeLine> => {
    for (;;) {
      const found = lines().find(match);
      if (found) return found;
      // Any new output wakes the check; the end of the process rejects it.
      await cli.waitFor(new RegExp(`[\\s\\S]{${cli.stdout().length + 1}}`));
    }
  };
  return {
    cli,
    ready: () => waitForLine((line) => line.type === 'serve.ready'),
    lines,
    waitForLine,
    stop: () => {
      cli.child.kill('SIGINT');
      return cli.exited;
    },
  };
}
