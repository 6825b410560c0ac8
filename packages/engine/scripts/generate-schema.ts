import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { workflowJsonSchema } from '../src/workflow/published-schema.js';

// Writes schema/workflow.json from the TypeBox source; a test fails when the committed file lags behind.
const target = fileURLToPath(new URL('../schema/workflow.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(workflowJsonSchema(), null, 2)}\n`);
// Formatted as the repository's formatter would, so `biome check` stays clean after a regeneration.
const root = fileURLToPath(new URL('../../../', import.meta.url));
execFileSync('npx', ['biome', 'format', '--write', target], { cwd: root, stdio: 'ignore' });
console.log(`wrote ${target}`);
