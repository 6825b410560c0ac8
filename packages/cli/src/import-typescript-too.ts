import type { ImportModule } from '@toolsteps/engine';

const TYPESCRIPT = /\.[cm]?tsx?$/;

/**
 * Imports an integration module as Node does, and a TypeScript file (an integration being written, such
 * as `examples/tasks/src/index.ts` named in a config) through tsx, which loads only then. Where the
 * runtime loads TypeScript itself (under tsx, Jest's transform, a Node that strips types), it does.
 */
export const importTypeScriptToo: ImportModule = async (url) => {
  if (!TYPESCRIPT.test(new URL(url).pathname)) return import(url);
  try {
    return await import(url);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  }
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(url, import.meta.url);
};
