#!/usr/bin/env node
// The CLI runs from its TypeScript source: tsx compiles it on the fly, with the workspace's compiler
// settings (the engine's decorators) wherever the command is run from, not the working folder's.
import { register } from 'tsx/esm/api';

register({ tsconfig: new URL('./tsconfig.json', import.meta.url).pathname });
const { main } = await import('../src/main.ts');
await main(process.argv);
