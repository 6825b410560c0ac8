import type { CliContext, GlobalOptions } from './cli-context.js';
import type { CliIo } from './cli-io.js';

/** What a command's definition (`add…Command`, beside its handler) gets from the program. */
export interface CommandKit {
  /**
   * The command's action: its handler gets a context made from the global options as parsed, and
   * resolves with the exit code; what it throws is reported as one `toolsteps: …` line.
   */
  action<A extends unknown[]>(
    body: (cli: CliContext, ...args: A) => Promise<number>,
  ): (...args: A) => Promise<void>;
  /** The global options (`--config`) as parsed. */
  globalOptions(): GlobalOptions;
  /** Where this invocation writes. */
  readonly io: CliIo;
}
