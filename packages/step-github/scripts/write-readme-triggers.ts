import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRegistry, triggersMarkdown } from '@toolsteps/engine';
import github from '../src/index.js';

// Rewrites the triggers table of the package README from the catalog; a test fails when they disagree.
const readme = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- triggers:start -->\n';
const END = '<!-- triggers:end -->';
const text = readFileSync(readme, 'utf8');
const [before, rest] = text.split(START);
const after = rest?.split(END)[1];
if (after === undefined) throw new Error(`${readme} has no ${START.trim()} … ${END} section`);
writeFileSync(
  readme,
  `${before}${START}${triggersMarkdown(createRegistry([github]).triggerCatalog())}${END}${after}`,
);
console.log(`wrote the triggers table of ${readme}`);
