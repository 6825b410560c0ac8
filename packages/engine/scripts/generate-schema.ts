import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { workflowJsonSchema } from '../src/workflow/published-schema.js';

// Writes schema/workflow.json from the TypeBox source; a test fails when the committed file lags behind.
const target = fileURLToPath(new URL('../schema/workflow.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(workflowJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
