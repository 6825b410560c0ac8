/** The errors of writing to a pipe whose reader has gone (`toolsteps steps | head`). */
const CLOSED_PIPE_CODES: ReadonlySet<string> = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

const tolerant = new WeakSet<NodeJS.WritableStream>();

/**
 * A reader that stops reading (`| head`) is no fault of the command: Node would report each write's
 * EPIPE as an unhandled error with a stack trace. Such writes are dropped instead, and the command
 * ends as it would have, with its own exit code: a run is never cut off halfway by its reader.
 * Any other stream error stays as loud as before.
 */
export function tolerateClosedPipes(
  streams: readonly NodeJS.WritableStream[] = [process.stdout, process.stderr],
): void {
  for (const stream of streams) {
    if (tolerant.has(stream)) continue;
    tolerant.add(stream);
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (!CLOSED_PIPE_CODES.has(error.code ?? '')) throw error;
    });
  }
}
