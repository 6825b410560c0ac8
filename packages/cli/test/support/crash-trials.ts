/** The most trials one soak may ask for: each kills and resumes real processes. */
const MOST_TRIALS = 200;

/**
 * How many random crash points a crash test tries: 1 in the suite, more with `pnpm soak`
 * (TOOLSTEPS_CRASH_TRIALS=N). Each trial picks its own point, so a soak covers many of them.
 */
export function crashTrials(): number[] {
  const text = process.env.TOOLSTEPS_CRASH_TRIALS;
  const trials = text === undefined ? 1 : Number(text);
  if (!Number.isInteger(trials) || trials < 1 || trials > MOST_TRIALS)
    throw new Error(`TOOLSTEPS_CRASH_TRIALS must be a whole number from 1 to ${MOST_TRIALS}, got "${text}"`);
  return Array.from({ length: trials }, (_, index) => index + 1);
}
