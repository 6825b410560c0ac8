import { FileTooLargeError, formatBytes, readBoundedFile } from '../validation/read-bounded-file.js';
import type { Diagnostic } from './diagnostic.js';

/** A path to a file, or its text (with the name to report it under). */
export type FileSource = string | { text: string; file?: string };

export type SourceText = { ok: true; text: string; file?: string } | { ok: false; diagnostics: Diagnostic[] };

/** How refusals name the kind of file read: `workflow`, `binding`. */
export interface SourceWording {
  noun: string;
  /** What to do about a file over the limit. */
  tooLargeHint: string;
}

/** The text of a file (or given text) of at most `maxBytes`, refused before it is read whole. */
export async function readSource(
  source: FileSource,
  maxBytes: number,
  wording: SourceWording,
): Promise<SourceText> {
  const file = typeof source === 'string' ? source : source.file;
  const refuse = (code: 'read-failed' | 'too-large', message: string, hint?: string) => {
    const diagnostic: Diagnostic = { code, message, pointer: '', line: 1, column: 1 };
    if (file !== undefined) diagnostic.file = file;
    if (hint !== undefined) diagnostic.hint = hint;
    return { ok: false as const, diagnostics: [diagnostic] };
  };
  const tooLarge = () =>
    refuse(
      'too-large',
      `the ${wording.noun} is larger than ${formatBytes(maxBytes)}, the most a ${wording.noun} file may be`,
      wording.tooLargeHint,
    );
  if (typeof source !== 'string') {
    // Each UTF-16 unit is at most 3 bytes of UTF-8: only a text near the limit needs counting.
    const over = source.text.length * 3 > maxBytes && Buffer.byteLength(source.text) > maxBytes;
    return over ? tooLarge() : { ok: true, text: source.text, file };
  }
  try {
    return { ok: true, text: await readBoundedFile(source, maxBytes), file: source };
  } catch (error) {
    if (error instanceof FileTooLargeError) return tooLarge();
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    return refuse('read-failed', `cannot read the ${wording.noun} file: ${reason}`);
  }
}
