import { type Command, Option } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { withRedisUrl } from '../redis-url-option.js';
import { addHostRunsOptions } from '../triggers/host-runs-options.js';
import { publicUrlOption } from '../triggers/public-url.js';
import { DEFAULT_SERVE_PORT } from './serve-port.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const serveCommand: typeof import('./serve.js').serveCommand = async (...args) =>
  (await import('./serve.js')).serveCommand(...args);

export function addServeCommand(program: Command, { action }: CommandKit): void {
  const serve = program
    .command('serve')
    .description(
      'activate bindings, receive their deliveries and run their workflows until Ctrl-C (runs a crash cut off resume at restart); without --accounts on emulators',
    )
    .argument('<bindings...>', 'binding files, or folders of *.binding.json files')
    .addOption(new Option('--accounts <file>', 'connected accounts file; without it, on emulators'))
    .addOption(
      new Option(
        '--store <path>',
        'the trigger store (SQLite); default .toolsteps/triggers.sqlite, in memory on emulators',
      ),
    )
    .addOption(publicUrlOption())
    .option('--port <n>', 'the port to listen on (0: any free one)', String(DEFAULT_SERVE_PORT))
    .option('--host <address>', 'the address to listen on', '127.0.0.1')
    .option(
      '--max-body-bytes <n>',
      "refuse (413) a delivery larger than this, reading no further (e.g. 1MiB; default 25MiB, GitHub's cap)",
    )
    .option(
      '--max-buffered-bytes <n>',
      'the bytes of bodies read at once across all requests; past it 503 with Retry-After (default 64MiB)',
    )
    .option('--keep <duration>', 'how long finished deliveries stay in the store (default 30d)')
    .option(
      '--reconcile-every <duration>',
      'how often hooks are checked and repaired if deleted or edited (default 5m; 0: at start only)',
    )
    .addOption(new Option('--json', 'print one JSON line per event (delivery, run, activation)'));
  addHostRunsOptions(serve).action(
    action((cli, paths: string[], options) => serveCommand(paths, withRedisUrl(options, cli), cli)),
  );
}
