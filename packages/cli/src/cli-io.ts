/**
 * Where one invocation of the CLI writes: the process's own streams, or a test's that runs commands
 * in process. Everything the CLI prints goes through these (its `Output`, commander's help and errors).
 */
export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** What a command reads a secret from (`connect --api-key-stdin`); default the process's stdin. */
  stdin?: () => NodeJS.ReadableStream;
}

export function processIo(): CliIo {
  // A function: the process's stdin is opened only by a command that reads it.
  return { stdout: process.stdout, stderr: process.stderr, stdin: () => process.stdin };
}
