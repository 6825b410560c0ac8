import { afterEach } from '@jest/globals';
import type { CliProcess } from './cli-process.js';

/**
 * Tracks the CLIs a test starts (`tracked(startCli(…))`) and kills, after each test, any still
 * running: one a failed test left waiting for a callback or a code does not outlive it.
 */
export function stoppedAfterEachTest(): (cli: CliProcess) => CliProcess {
  const running: CliProcess[] = [];
  afterEach(() => {
    for (const cli of running.splice(0)) if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
  });
  return (cli) => {
    running.push(cli);
    return cli;
  };
}
