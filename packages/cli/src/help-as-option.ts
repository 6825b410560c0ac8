/**
 * `toolsteps help <command>` as `toolsteps <command> --help`: commander prints the former straight
 * away, before the hooks that complete some commands' help (the emulators installed) can run.
 * Only where `help` is the command word: first, or right after `--config <file>`.
 */
export function helpAsOption(argv: readonly string[]): string[] {
  const at = argv[2] === '--config' ? 4 : 2;
  const command = argv[at + 1];
  if (argv[at] !== 'help' || command === undefined || command.startsWith('-')) return [...argv];
  return [...argv.slice(0, at), command, '--help', ...argv.slice(at + 2)];
}
