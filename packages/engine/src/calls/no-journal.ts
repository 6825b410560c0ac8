import type { Journal } from '../ports/events.js';

const DONE = Promise.resolve();

/** Keeps nothing: a tool call is journaled only when its caller asks. */
export const NO_JOURNAL: Journal = {
  recordStep: () => DONE,
  recordRun: () => DONE,
};
