import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withReadmeTables } from './readme-tables.js';

// Rewrites the generated tables of the package README from the catalog; a test fails when they disagree.
// Run: node --import tsx packages/step-enrichment/scripts/write-readme-tables.ts
const readme = fileURLToPath(new URL('../README.md', import.meta.url));
writeFileSync(readme, withReadmeTables(readFileSync(readme, 'utf8')));
console.log(`wrote the generated tables of ${readme}`);
