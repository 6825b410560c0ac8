import { Option } from 'commander';

export const storeOption = () =>
  new Option('--store <path>', 'the trigger store (SQLite), default .toolsteps/triggers.sqlite');
