import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A temporary folder of files a test hands to the CLI, written exactly as given (line:column stay known). */
export interface TempFiles {
  readonly dir: string;
  path(name: string): string;
  write(name: string, text: string): Promise<string>;
  remove(): Promise<void>;
}

export async function tempFiles(files: Record<string, string> = {}): Promise<TempFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'toolsteps-cli-'));
  const temp: TempFiles = {
    dir,
    path: (name) => join(dir, name),
    write: async (name, text) => {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), text);
      return join(dir, name);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
  for (const [name, text] of Object.entries(files)) await temp.write(name, text);
  return temp;
}

/** Completes task 999, which no emulator has, with no `catch`: the run fails at step "close". */
export const COMPLETE_MISSING_TASK = `{
  "id": "complete-missing",
  "steps": [
    { "id": "close", "step": "tasks.complete_task", "args": { "id": 999 } }
  ]
}
`;

/** Two problems: a misspelt step id (line 4, column 30) and a status the step does not take (line 5, column 69). */
export const INVALID_WORKFLOW = `{
  "id": "invalid",
  "steps": [
    { "id": "close", "step": "tasks.complete_tsk", "args": { "id": 999 } },
    { "id": "list", "step": "tasks.list_tasks", "args": { "status": "closed" } }
  ]
}
`;
