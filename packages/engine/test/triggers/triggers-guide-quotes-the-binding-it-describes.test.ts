import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { BOARD } from './binding-helpers.js';

const root = resolve(import.meta.dirname, '../../../..');

describe('the Triggers guide, docs/triggers.md', () => {
  it('quotes the fixture binding that `trigger test` is shown running on, verbatim', async () => {
    const guide = await readFile(join(root, 'docs/triggers.md'), 'utf8');
    const binding = await readFile(join(BOARD, 'new-bugs.binding.json'), 'utf8');
    expect(guide).toContain(`\`\`\`json\n${binding}\`\`\``);
  });
});
