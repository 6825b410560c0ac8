import { Option } from 'commander';

export const jsonOption = () => new Option('--json', 'print one JSON document');

// Commands that run a workflow show progress on stderr; --json is the one document and nothing else.
export const runJsonOption = () =>
  new Option(
    '--json',
    "print one JSON document: the run result, each step's trace with its account and requests; no progress lines on stderr",
  );
