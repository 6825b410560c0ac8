import { Option } from 'commander';

export const journalOption = () =>
  new Option('--journal <path>', 'the run journal (SQLite), default .toolsteps/runs.sqlite');

export const redisJournalOption = () =>
  new Option(
    '--redis [url]',
    'the journal of runs queued on this Redis (run --redis, worker); no URL: TOOLSTEPS_REDIS_URL',
  );
