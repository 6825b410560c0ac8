import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { TOOL_FORMATS } from '../../src/index.js';

const root = resolve(import.meta.dirname, '../../../..');
const script = 'examples/embed/src/offer-tools-to-a-model.ts';
/** The guide to tools for agents, docs/agents.md. */
const guide = await readFile(join(root, 'docs/agents.md'), 'utf8');

describe('the guide to tools for agents', () => {
  it('quotes its example script verbatim, and the script prints what the guide says', async () => {
    expect(guide).toContain(`\`\`\`ts\n${await readFile(join(root, script), 'utf8')}\`\`\``);

    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      timeout: 60_000,
    });

    expect(stdout).toMatch(/^26 tools, 21 strict\noffered: github_create_issue, /);
    expect(stdout).toContain('opened issue #8: Login fails on Safari\n');
    expect(guide).toContain('It prints `26 tools, 21 strict`');
    expect(guide).toContain('`opened issue #8: Login fails on Safari`');
  });

  it('lists every format engine.tools takes', () => {
    // The rows of the formats table: a format, then the shape it gives.
    const table = guide.split('\n').filter((line) => /^\| `[a-z-]+` +\| `\{/.test(line));
    expect(table.map((line) => line.split('`')[1])).toEqual([...TOOL_FORMATS]);
  });
});
