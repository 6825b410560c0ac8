import pc from 'picocolors';
import type { SecretScrubber } from '../contracts/services.js';

export type Colors = ReturnType<typeof pc.createColors>;

/** Where the CLI writes: every line passes the secret scrubber, so no credential reaches a terminal or log. */
export class Output {
  constructor(
    private readonly scrubber: SecretScrubber,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly stderr: NodeJS.WritableStream = process.stderr,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  line(text = ''): void {
    this.stdout.write(`${this.scrubber.scrub(text)}\n`);
  }

  error(text: string): void {
    this.stderr.write(`${this.scrubber.scrub(text)}\n`);
  }

  /** Progress notes go to stderr so stdout stays one JSON document with --json. */
  note(text: string): void {
    this.error(text);
  }

  json(value: unknown): void {
    this.stdout.write(`${JSON.stringify(this.scrubber.scrubValue(value), null, 2)}\n`);
  }

  /** One JSON value on one line: a stream of them (`serve --json`) is read line by line. */
  jsonLine(value: unknown): void {
    this.stdout.write(`${JSON.stringify(this.scrubber.scrubValue(value))}\n`);
  }

  /** Whether progress and problems (written to stderr) land on a terminal; stdout may be piped meanwhile. */
  get interactive(): boolean {
    return Boolean((this.stderr as NodeJS.WriteStream).isTTY);
  }

  /** Colours for stderr lines: only on a terminal, and never with NO_COLOR set (no-color.org) or TERM=dumb. */
  colors(): Colors {
    return pc.createColors(this.interactive && !this.env.NO_COLOR && this.env.TERM !== 'dumb');
  }
}
