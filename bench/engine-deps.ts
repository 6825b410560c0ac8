// The bench is not a workspace package, so it borrows the engine's own copies of these libraries:
// the floor then runs exactly the code the engine runs.

// B2's `undici.request()` limit arm uses the root's undici, the same version as the engine's transport.
import * as undici from 'undici';
import jsonata from '../packages/engine/node_modules/jsonata/jsonata.js';
import ky from '../packages/engine/node_modules/ky/distribution/index.js';
import pMap from '../packages/engine/node_modules/p-map/index.js';

export { jsonata, ky, pMap, undici };
