import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bindingJsonSchema } from '../src/triggers/published-binding-schema.js';
import { workflowJsonSchema } from '../src/workflow/published-schema.js';

// Writes schema/workflow.json and schema/binding.json from the TypeBox sources; a test fails when a committed file lags behind.
const root = fileURLToPath(new URL('../../../', import.meta.url));
for (const [name, schema] of [
  ['workflow.json', workflowJsonSchema()],
  ['binding.json', bindingJsonSchema()],
] as const) {
  const target = fileURLToPath(new URL(`../schema/${name}`, import.meta.url));
  writeFileSync(target, `${JSON.stringify(schema, null, 2)}\n`);
  // Formatted as the repository's formatter would, so `biome check` stays clean after a regeneration.
  execFileSync('npx', ['biome', 'format', '--write', target], { cwd: root, stdio: 'ignore' });
  console.log(`wrote ${target}`);
}
