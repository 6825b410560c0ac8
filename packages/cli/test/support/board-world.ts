import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../../engine/test/support/temp-files.js';
import {
  type BoardEmulator,
  startBoardEmulator,
} from '../../../engine/test/triggers/fixtures/board/emulator.js';
import { REPO_ROOT } from './cli-process.js';

/** The board fixture's folder, by absolute path: the CLI may run from any folder. */
export const BOARD_FIXTURES = join(REPO_ROOT, 'packages/engine/test/triggers/fixtures/board');
/** `--config` of the board fixture: the trigger board.new_card and the triage-card workflow. */
export const BOARD = ['--config', join(BOARD_FIXTURES, 'toolsteps.config.json')];

/** The fixture's bug-triage binding, its workflow named by absolute path so the file can live anywhere. */
const NEW_BUGS = JSON.stringify({
  id: 'triage-new-bugs',
  trigger: 'board.new_card',
  account: 'Demo board',
  config: { board: 'roadmap' },
  filter: "{% 'bug' in $event.card.labels %}",
  workflow: join(BOARD_FIXTURES, 'triage.json'),
  input: { cardId: '{% $event.card.id %}', title: '{% $event.card.title %}' },
});

export interface BoardWorldOptions {
  /** Before each test, remove the board's hooks and forget its requests and faults. */
  freshBoardEachTest?: boolean;
}

/**
 * The board emulator and a temporary folder for one test file, started before its tests and removed
 * after. The folder holds `binding` (the bug-triage binding) and `accounts` (the board's demo account).
 */
export function useBoardWorld(options: BoardWorldOptions = {}) {
  let board: BoardEmulator | undefined;
  let temp: TempFiles | undefined;
  beforeAll(async () => {
    board = await startBoardEmulator();
    temp = await tempFiles({
      'new-bugs.binding.json': NEW_BUGS,
      'accounts.json': JSON.stringify({ accounts: board.accounts }),
    });
  });
  if (options.freshBoardEachTest)
    beforeEach(() => {
      // Each test serves on a port of its own: hooks left by another would deliver nowhere.
      const { board } = started();
      for (const hook of board.hooks('roadmap')) board.removeHook('roadmap', hook.id);
      board.emulator.reset();
    });
  afterAll(async () => {
    await board?.close();
    await temp?.remove();
  });
  const started = () => {
    if (board === undefined || temp === undefined) throw new Error('The board world is not started yet');
    return { board, temp };
  };
  return {
    get board() {
      return started().board;
    },
    get temp() {
      return started().temp;
    },
    /** The path of the bug-triage binding. */
    get binding() {
      return started().temp.path('new-bugs.binding.json');
    },
    /** The path of the accounts file. */
    get accounts() {
      return started().temp.path('accounts.json');
    },
    /** `serve` of the bug-triage binding on a free port, keeping deliveries in `store` of the folder. */
    serveArgs(store: string): string[] {
      const { temp } = started();
      return [
        ...BOARD,
        this.binding,
        '--accounts',
        this.accounts,
        '--port',
        '0',
        '--store',
        temp.path(store),
      ];
    },
    /** `deliveries replay` of one delivery kept in `store`, through the bug-triage binding. */
    replayArgs(deliveryId: string, store: string): string[] {
      const { temp } = started();
      return [
        ...BOARD,
        'deliveries',
        'replay',
        deliveryId,
        this.binding,
        '--accounts',
        this.accounts,
        '--store',
        temp.path(store),
      ];
    },
  };
}
