import { randomBytes } from 'node:crypto';
import type { SecretScrubber } from '@toolsteps/engine';
import pc from 'picocolors';
import { printable } from './printable.js';

export type Colors = ReturnType<typeof pc.createColors>;

const ESC = '\u001b';
/**
 * Stands for ESC in coloured text until the line is written. Random for each process, so no text from
 * outside can spell it: the escape codes on a terminal are those of `colors()`, and only those.
 */
const ESC_MARK = `\ue000${randomBytes(12).toString('base64url')}\ue001`;

/**
 * Where the CLI writes: every line passes the secret scrubber, so no credential reaches a terminal or
 * log, and then `printable`, so no text from outside (an upstream error, a file, an id) acts on the
 * terminal: control characters, escape sequences and bidi marks show as `\u001b` escapes. JSON stays
 * JSON with the same value. A command cannot forget it: nothing else writes to stdout or stderr.
 */
export class Output {
  constructor(
    private readonly scrubber: SecretScrubber,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly stderr: NodeJS.WritableStream = process.stderr,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  line(text = ''): void {
    this.write(this.stdout, this.scrubber.scrub(text));
  }

  error(text: string): void {
    this.write(this.stderr, this.scrubber.scrub(text));
  }

  /** Progress notes go to stderr so stdout stays one JSON document with --json. */
  note(text: string): void {
    this.error(text);
  }

  json(value: unknown): void {
    this.write(this.stdout, JSON.stringify(this.scrubber.scrubValue(value), null, 2));
  }

  /** One JSON value on one line: a stream of them (`serve --json`) is read line by line. */
  jsonLine(value: unknown): void {
    this.write(this.stdout, JSON.stringify(this.scrubber.scrubValue(value)));
  }

  /** Whether progress and problems (written to stderr) land on a terminal; stdout may be piped meanwhile. */
  get interactive(): boolean {
    return Boolean((this.stderr as NodeJS.WriteStream).isTTY);
  }

  /** Colours for stderr lines: only on a terminal, and never with NO_COLOR set (no-color.org) or TERM=dumb. */
  colors(): Colors {
    const enabled = this.interactive && !this.env.NO_COLOR && this.env.TERM !== 'dumb';
    return enabled ? markedColors() : pc.createColors(false);
  }

  /** Newlines are the caller's (tables, JSON); every other unsafe character is escaped. */
  private write(stream: NodeJS.WritableStream, text: string): void {
    stream.write(`${printable(text, { lines: true }).replaceAll(ESC_MARK, ESC)}\n`);
  }
}

/**
 * picocolors' colours, with ESC spelled as the mark until the line is written. What a colour wraps is
 * made printable first, so an escape code inside it (from outside) cannot pass for one of ours;
 * marks of colours nested inside are ESC again while picocolors reopens the outer colour after them.
 */
function markedColors(): Colors {
  const colors = pc.createColors(true);
  const marked = Object.entries(colors).map(([name, value]) => {
    if (typeof value !== 'function') return [name, value];
    const color = value as (text: string) => string;
    const wrap = (input: unknown) =>
      color(printable(String(input), { lines: true }).replaceAll(ESC_MARK, ESC)).replaceAll(ESC, ESC_MARK);
    return [name, wrap];
  });
  return Object.fromEntries(marked) as Colors;
}
