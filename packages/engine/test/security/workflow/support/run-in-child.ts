import { createEngine } from '../../../../src/index.js';

/**
 * Run as `node --import tsx run-in-child.ts '<workflow JSON>' '<input JSON>'`: runs the workflow and
 * prints its status, error and output as one JSON line. A check stuck in one synchronous call can
 * only be stopped from outside: the parent kills the child after its timeout.
 */
const [workflow = '', input = '{}'] = process.argv.slice(2);
const engine = await createEngine({ integrations: [] });
const { status, error, output } = await engine.run({ text: workflow }, JSON.parse(input));
console.log(JSON.stringify({ status, error: error && { code: error.code, field: error.field }, output }));
