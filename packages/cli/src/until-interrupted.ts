/** Resolves on Ctrl-C (SIGINT) or SIGTERM, whichever comes first; long-running commands then close down. */
export function untilInterrupted(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
