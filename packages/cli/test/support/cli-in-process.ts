import { Readable, Writable } from 'node:stream';
import { runToolsteps } from '../../src/main.js';
import type { CliResult } from './cli-process.js';

/** A stream that keeps what is written to it, as text. */
class TextSink extends Writable {
  text = '';

  override _write(
    chunk: Buffer | string,
    _encoding: BufferEncoding,
    done: (error?: Error | null) => void,
  ): void {
    this.text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    done();
  }
}

/**
 * Runs `toolsteps <args>` in this process, as `main` does but with its output captured: for the CLI's
 * behaviour where no process boundary is the point (signals, terminals, crashes and several processes
 * sharing a file are: those tests spawn the built CLI with `runCli`). Runs in the test process's
 * working folder and environment; its streams are not terminals, as in CI. `stdin`: what is piped
 * to it (default nothing).
 */
export async function runCliHere(args: string[], options: { stdin?: string } = {}): Promise<CliResult> {
  const stdout = new TextSink();
  const stderr = new TextSink();
  const stdin = () => Readable.from([Buffer.from(options.stdin ?? '')]);
  const code = await runToolsteps([process.execPath, 'toolsteps', ...args], { stdout, stderr, stdin });
  return { code, signal: null, stdout: stdout.text, stderr: stderr.text };
}
