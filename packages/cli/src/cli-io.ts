/**
 * Where one invocation of the CLI writes: the process's own streams, or a test's that runs commands
 * in process. Everything the CLI prints goes through these (its `Output`, commander's help and errors).
 */
export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr };
}
