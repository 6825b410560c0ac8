import type { RunJournal } from '@toolsteps/engine';
import { EXIT, UsageError } from './exit-codes.js';

/** The run an id names, or the one run whose id starts with it: a user types the first characters. */
export async function oneRunId(journal: RunJournal, id: string): Promise<string> {
  if (await journal.run(id)) return id;
  const found = await journal.runIdsStartingWith(id);
  if (found.length === 0) throw new UsageError(`No run "${id}" is journaled`, EXIT.failed);
  if (found.length > 1) throw new UsageError(`Several runs start with "${id}": give more of the id`);
  return found[0];
}
