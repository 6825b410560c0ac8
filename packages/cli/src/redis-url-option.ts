import { Option } from 'commander';
import type { CliContext } from './cli-context.js';
import { UsageError } from './exit-codes.js';
import { readSecretFile } from './read-secret-file.js';
import { redisUrlShown } from './redis-url-shown.js';
import { checkRedisUrl } from './require-redis.js';

/** Where the CLI reads the Redis URL when `--redis` comes without one (and `worker` when none is given). */
export const REDIS_URL_ENV = 'TOOLSTEPS_REDIS_URL';

// Where the Redis URL may come from: an argument shows a password to `ps`, the variable or a file do not.
export const redisUrlFileOption = () =>
  new Option('--redis-url-file <file>', 'the Redis URL, read from this file (keeps a password out of `ps`)');

/** How a command is told its Redis, as commander parses it. */
export interface RedisUrlOptions {
  /** `--redis <url>`; `--redis` alone (true): the URL in TOOLSTEPS_REDIS_URL. */
  redis?: string | true;
  /** `--redis-url-file <file>`: the URL is the file's one line. */
  redisUrlFile?: string;
}

/** The Redis a command was given, checked. */
export interface ChosenRedis {
  /** The URL; absent when the command was given no Redis (it then runs without one). */
  redis?: string;
  /** How another command line names the same Redis, a password masked: for hints. */
  redisOption?: string;
}

/**
 * The command's options with `redis` as the URL itself, wherever it came from: `--redis <url>`,
 * `--redis-url-file <file>`, or TOOLSTEPS_REDIS_URL, which `--redis` alone takes, and `worker` (whose
 * every use needs a Redis: `always`) takes without it. A variable set in the shell never moves a
 * `run` or `serve` to workers by itself. A password given on the command line, which `ps` shows to
 * every user of the machine, gets a warning; wherever it came from it is scrubbed from all output.
 */
export function withRedisUrl<T extends RedisUrlOptions>(
  options: T,
  cli: CliContext,
  { always = false }: { always?: boolean } = {},
): Omit<T, keyof RedisUrlOptions> & ChosenRedis {
  const { redis, redisUrlFile, ...rest } = options;
  const chosen = chosenRedis({ redis, redisUrlFile }, always, cli);
  if (chosen === undefined) return rest;
  const url = checkRedisUrl(chosen.url, chosen.source);
  const password = new URL(url).password;
  if (password !== '') {
    cli.scrubber.add(password);
    cli.scrubber.add(decoded(password));
    if (chosen.source === '--redis')
      cli.output.note(
        `toolsteps: warning: the Redis password is on the command line (--redis ${redisUrlShown(url)}), where \`ps\` shows it to every user of this machine: ` +
          `set ${REDIS_URL_ENV} and give --redis alone, or put the URL in an owner-only file for --redis-url-file <file>`,
      );
  }
  return { ...rest, redis: url, redisOption: chosen.option ?? `--redis ${redisUrlShown(url)}` };
}

function chosenRedis(
  { redis, redisUrlFile }: RedisUrlOptions,
  always: boolean,
  cli: CliContext,
): { url: string; source: string; option?: string } | undefined {
  if (typeof redis === 'string' && redisUrlFile !== undefined)
    throw new UsageError('--redis <url> and --redis-url-file both name the Redis: give one');
  if (typeof redis === 'string') return { url: redis, source: '--redis' };
  if (redisUrlFile !== undefined) {
    const file = readSecretFile(redisUrlFile, '--redis-url-file');
    if (file.openToOthers && hasPassword(file.text))
      cli.output.note(
        `toolsteps: warning: other users can read or replace ${redisUrlFile}, which holds the Redis password (mode ${file.mode}): run \`chmod 600 ${redisUrlFile}\``,
      );
    return {
      url: file.text,
      source: `--redis-url-file ${redisUrlFile}`,
      option: `--redis-url-file ${redisUrlFile}`,
    };
  }
  if (redis === undefined && !always) return undefined;
  const text = process.env[REDIS_URL_ENV]?.trim();
  if (text) return { url: text, source: REDIS_URL_ENV, option: '--redis' };
  if (redis === true)
    throw new UsageError(
      `--redis without a URL takes it from ${REDIS_URL_ENV}, which is not set: set it, or give --redis <url> or --redis-url-file <file>`,
    );
  return undefined;
}

/** The password as Redis receives it; as written when it is not valid percent-encoding. */
function decoded(password: string): string {
  try {
    return decodeURIComponent(password);
  } catch {
    return password;
  }
}

function hasPassword(url: string): boolean {
  try {
    return new URL(url).password !== '';
  } catch {
    return false;
  }
}
