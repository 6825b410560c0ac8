import { join } from 'node:path';

/** Where `toolsteps run` journals unless told otherwise: beside the trigger store, under the working folder. */
export const DEFAULT_JOURNAL_PATH = join('.toolsteps', 'runs.sqlite');
