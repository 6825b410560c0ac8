import type { Diagnostic } from '@toolsteps/engine';

/** One file's problems, as `reportInvalid` prints them. */
export interface FileReport {
  file: string;
  diagnostics: Diagnostic[];
}

/** A document's problems by the file they are in: a binding's own, or its workflow's. */
export function reportsByFile(file: string, diagnostics: readonly Diagnostic[]): FileReport[] {
  const files = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    const owner = diagnostic.file ?? file;
    files.set(owner, [...(files.get(owner) ?? []), diagnostic]);
  }
  return [...files].map(([owner, list]) => ({ file: owner, diagnostics: list }));
}
