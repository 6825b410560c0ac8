import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Writes files (path -> content) under a fresh temporary folder and returns the folder. */
export function tempTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'toolsteps-registry-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** Absolute path of a validation fixture, for generated modules that re-export it. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/validation/${name}`, import.meta.url));
}

/** A package.json for a step package whose entry is `src/index.js`. */
export function stepPackage(name: string): string {
  return JSON.stringify({ name, type: 'module', exports: { '.': './src/index.js' } });
}
