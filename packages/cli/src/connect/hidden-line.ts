import type { ReadStream } from 'node:tty';
import { ConnectError } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../exit-codes.js';

/** Longest line taken: a key is tens of characters, and a paste of a document is not one. */
const MAX_LINE_LENGTH = 4096;
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACES = new Set(['\u007f', '\b']);

/**
 * One line typed on a terminal, not echoed: raw mode keeps the terminal from printing the keys, so
 * the secret is neither on screen nor in a terminal's scrollback or a session recording. Enter ends
 * it (Ctrl-D too); Ctrl-C cancels; backspace erases. The prompt goes to stderr.
 */
export function readHiddenLine(terminal: ReadStream, prompt: string, cli: CliContext): Promise<string> {
  return new Promise((resolve, reject) => {
    let line = '';
    const finish = (error?: Error) => {
      terminal.off('data', onData);
      terminal.setRawMode(false);
      terminal.pause();
      // The line the user ended with Enter, which raw mode did not move past.
      cli.output.note('');
      if (error) reject(error);
      else resolve(line.trim());
    };
    const onData = (chunk: string | Buffer) => {
      for (const char of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (char === '\r' || char === '\n' || char === CTRL_D) return finish();
        if (char === CTRL_C)
          return finish(
            new ConnectError('cancelled', 'The API key was not entered (Ctrl-C); nothing was stored'),
          );
        if (BACKSPACES.has(char)) line = line.slice(0, -1);
        else if (line.length < MAX_LINE_LENGTH) line += char;
        else
          return finish(
            new UsageError(`The line typed is over ${MAX_LINE_LENGTH} characters: a key is shorter`),
          );
      }
    };
    terminal.setRawMode(true);
    terminal.setEncoding('utf8');
    terminal.on('data', onData);
    terminal.resume();
    cli.output.note(prompt);
  });
}
