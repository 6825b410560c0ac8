#!/usr/bin/env node
// The engine runs from its TypeScript source: tsx compiles it on the fly.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
await main(process.argv);
