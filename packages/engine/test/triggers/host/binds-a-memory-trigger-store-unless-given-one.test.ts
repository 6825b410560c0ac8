import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createEngine, MemoryTriggerStore, TOKENS, type TriggerStore } from '../../../src/index.js';
import { temporaryFolder } from './host-helpers.js';

// The engine imports no SQLite: an embedder chooses the store; the CLI keeps its own in
// `.toolsteps/triggers.sqlite` (`--store`).
describe('the trigger store an engine binds', () => {
  let folder: ReturnType<typeof temporaryFolder>;
  beforeEach(() => {
    folder = temporaryFolder();
  });
  afterEach(() => folder.remove());

  it('is in memory when none is given, and no file is written', async () => {
    const engine = await createEngine({ integrations: [], cwd: folder.path });
    const store = engine.container.get<TriggerStore>(TOKENS.TriggerStore);
    expect(store).toBeInstanceOf(MemoryTriggerStore);
    expect(engine.container.get<TriggerStore>(TOKENS.TriggerStore)).toBe(store);
    expect(existsSync(join(folder.path, '.toolsteps'))).toBe(false);
  });

  it('refuses the path of a file, saying how to open SQLite there', async () => {
    const path = join(folder.path, 'triggers.sqlite');
    await expect(createEngine({ integrations: [], triggerStore: path as never })).rejects.toThrow(
      'createEngine({ triggerStore }) takes a TriggerStore or a function opening one, not string: for SQLite at a path, pass () => defaultTriggerStore(path)',
    );
    expect(existsSync(path)).toBe(false);
  });
});
