import type { SecretScrubber } from '../contracts/services.js';

/** Where the CLI writes: every line passes the secret scrubber, so no credential reaches a terminal or log. */
export class Output {
  constructor(
    private readonly scrubber: SecretScrubber,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly stderr: NodeJS.WritableStream = process.stderr,
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

  get isTTY(): boolean {
    return Boolean((this.stdout as NodeJS.WriteStream).isTTY);
  }
}
