import { afterAll, beforeAll } from '@jest/globals';
import { createTasksEmulator, type TasksEmulator } from '../../../../examples/tasks/src/testing/index.js';
import { type TempFiles, tempFiles } from '../../../engine/test/support/temp-files.js';

/**
 * The tasks example's emulator and a temporary folder for one test file, started before its tests
 * and removed after; `accountsFile()` writes an accounts file holding the emulator's demo account.
 */
export function useTasksWorld() {
  let emulator: TasksEmulator | undefined;
  let temp: TempFiles | undefined;
  beforeAll(async () => {
    emulator = await createTasksEmulator();
    temp = await tempFiles();
  });
  afterAll(async () => {
    await emulator?.close();
    await temp?.remove();
  });
  const started = () => {
    if (emulator === undefined || temp === undefined) throw new Error('The tasks world is not started yet');
    return { emulator, temp };
  };
  return {
    get emulator() {
      return started().emulator;
    },
    get temp() {
      return started().temp;
    },
    accountsFile: () =>
      started().temp.write('accounts.json', JSON.stringify({ accounts: [started().emulator.account] })),
  };
}
