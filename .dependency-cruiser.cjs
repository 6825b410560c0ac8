/**
 * The import rules of the workspace (`pnpm check:deps`, run by `pnpm lint`): no import circle, type
 * imports counted, and no import that runs up the layers. The layers, bottom first:
 *
 *   sdk       packages/sdk (@toolsteps/sdk)  what a step package is written against; imports nothing of ours
 *   emulator  packages/emulator (@toolsteps/emulator)   the emulator kit; imports the sdk only
 *   ports     packages/engine/src/ports      the interfaces the engine binds and their tokens
 *   core      packages/engine/src/<parts>    registry, workflow, expressions, validation, secrets,
 *                                            runtime, auth, http, vault, execution, journal (memory),
 *                                            triggers (bindings, checks, receiver, memory store), docs
 *   assembly  packages/engine/src/container  createEngine: binds the ports to their default parts
 *   hosts     packages/engine/src/triggers/host   the trigger host, built over an assembled engine
 *   kits      packages/engine/src/(testing|adapters)  the test kit (testStep…) and the adapter kit
 *   adapters  packages/sqlite (@toolsteps/sqlite), packages/redis (@toolsteps/redis): on the engine's entries
 *   cli       packages/cli (@toolsteps/cli)  the `toolsteps` binary; SQLite by default, Redis on demand
 *
 * Step packages (packages/step-*, examples/tasks) sit beside the engine, not on it: their src/ imports
 * the sdk only, their src/testing/ (the emulator) the sdk and the emulator kit.
 *
 * `src/index.ts` (and each folder's `index.ts` that a package `exports`) only re-exports.
 */
const sdk = '^packages/sdk/';
const emulator = '^packages/emulator/';
const engine = '^packages/engine/src/';
const core = `${engine}(auth|docs|execution|expressions|http|journal|registry|runtime|secrets|triggers|validation|vault|workflow)/`;
const kits = `${engine}(testing|adapters)/`;
const adapters = '^packages/(sqlite|redis)/';
const cli = '^packages/cli/';
const stepPackages = '^(packages/step-[^/]+|examples/tasks)/';
// A file of ours, or a package of ours its importer does not depend on (so it did not resolve).
const ours = '^((packages|examples)/|@toolsteps/)';
// The GitHub emulator, one folder per domain over a shared kernel; its stores sit below its routes.
const github = '^packages/step-github/src/testing/';
const githubStores = [
  `${github}[^/]+/[^/]+-store\\.ts$`,
  `${github}git/git-(objects|history|merge)\\.ts$`,
  `${github}hooks/webhook-deliveries\\.ts$`,
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import circle, type-only ones included: split out what both sides need (types, a shared helper) ' +
        'into a file of its own below them.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'sdk-imports-nothing-of-ours',
      comment:
        'The sdk (step-author contracts) is the bottom layer: it imports only itself and npm packages. ' +
        'Move what it needs into the sdk, or keep the engine side out of it.',
      severity: 'error',
      from: { path: sdk },
      to: { path: ours, pathNot: sdk },
    },
    {
      name: 'emulator-imports-only-the-sdk',
      comment:
        'The emulator kit serves any step package: it imports the sdk at most, never the engine or an ' +
        "integration. What one API's emulator needs of its own (signatures, headers) stays in its package.",
      severity: 'error',
      from: { path: emulator },
      to: { path: ours, pathNot: [emulator, sdk] },
    },
    {
      name: 'ports-import-only-the-sdk',
      comment:
        'Engine ports (journal, trigger store, clock, vault… interfaces and their injection tokens) sit ' +
        'just above the sdk: they name types, they never import an implementation.',
      severity: 'error',
      from: { path: `${engine}ports/` },
      to: { path: engine, pathNot: `${engine}ports/` },
    },
    {
      name: 'core-imports-no-assembly-or-host',
      comment:
        'Parts of the engine take their collaborators (tokens in ports/tokens.ts); only the trigger host ' +
        'and the adapters build on createEngine, and only the adapters on the trigger host.',
      severity: 'error',
      from: { path: core, pathNot: `${engine}triggers/host/` },
      to: { path: `${engine}(container|triggers/host)/` },
    },
    {
      name: 'assembly-imports-no-host',
      comment: 'createEngine assembles the engine; the trigger host is built over an assembled engine.',
      severity: 'error',
      from: { path: `${engine}container/` },
      to: { path: `${engine}triggers/host/` },
    },
    {
      name: 'engine-imports-no-emulator-kit',
      comment:
        'The engine runs workflows without a web framework: only the CLI, which starts emulators, loads ' +
        'the emulator kit (on demand). Tests of the engine use it freely.',
      severity: 'error',
      from: { path: engine },
      to: { path: emulator },
    },
    {
      name: 'engine-imports-no-kit',
      comment:
        'The test kit is for tests and the adapter kit for packages built on the engine: the engine ' +
        'itself (ports, core, assembly, hosts) imports neither.',
      severity: 'error',
      from: { path: engine, pathNot: `(${kits}|${engine}index\\.ts$)` },
      to: { path: kits },
    },
    {
      name: 'engine-imports-no-adapter-or-cli',
      comment:
        'The engine has no native addon, Redis client or CLI framework: SQLite, Redis/BullMQ and the CLI ' +
        'are packages on top of it. A default that needs one is chosen by whoever assembles (the CLI), ' +
        'or injected (createEngine options).',
      severity: 'error',
      from: { path: `^packages/(sdk|emulator|engine)/src/` },
      to: { path: `(${adapters}|${cli})` },
    },
    {
      name: 'adapters-stand-apart',
      comment:
        'SQLite and Redis are separate packages: neither imports the other (the CLI brings them together).',
      severity: 'error',
      from: { path: '^packages/(sqlite|redis)/src/' },
      to: { path: adapters, pathNot: '^packages/$1/' },
    },
    {
      name: 'adapters-use-the-engines-entries',
      comment:
        "SQLite, Redis and the CLI build on the engine's public entries (@toolsteps/engine, /adapters, " +
        '/testing), never a file of its src.',
      severity: 'error',
      from: { path: `(${adapters}|${cli})` },
      to: { path: engine, pathNot: `${engine}(index\\.ts|adapters/index\\.ts|testing/index\\.ts)$` },
    },
    {
      name: 'nothing-imports-the-cli',
      comment: 'The CLI is the top layer: no package imports it.',
      severity: 'error',
      from: { path: '^(packages|examples)/', pathNot: cli },
      to: { path: cli },
    },
    {
      name: 'nothing-inside-imports-the-package-entry',
      comment:
        "The package's index.ts re-exports every layer, adapters included: a file of the engine that " +
        'imports it imports everything. Import the file that declares what you need.',
      severity: 'error',
      from: { path: engine },
      to: { path: `${engine}index\\.ts$` },
    },
    {
      name: 'no-relative-import-of-another-package',
      comment:
        'A package imports another by its name and its exports, never by a relative path into its files: ' +
        'the split moves those files.',
      severity: 'error',
      from: { path: '^(packages|examples)/([^/]+)/' },
      to: { dependencyTypes: ['local'], path: '^(packages|examples)/', pathNot: '^$1/$2/' },
    },
    {
      name: 'step-packages-import-only-the-sdk',
      comment:
        'A step package is written against @toolsteps/sdk alone (a peer: one copy shared with the engine ' +
        'that loads it), never the engine. Only its emulator (src/testing/) may also use the emulator kit; ' +
        'its tests may import any public entry.',
      severity: 'error',
      from: { path: `${stepPackages}src/`, pathNot: `${stepPackages}src/testing/` },
      to: { path: ours, pathNot: [`^$1/`, sdk] },
    },
    {
      name: 'step-emulators-import-only-the-sdk-and-the-emulator-kit',
      comment:
        "A step package's emulator (src/testing/) builds on @toolsteps/emulator and the sdk, never the " +
        "engine: testStep and the engine's test kit are for its tests.",
      severity: 'error',
      from: { path: `${stepPackages}src/testing/` },
      to: { path: ours, pathNot: [`^$1/`, sdk, emulator] },
    },
    {
      name: 'github-emulator-shared-at-the-bottom',
      comment: "The GitHub emulator's kernel (shared/) imports nothing else of the emulator.",
      severity: 'error',
      from: { path: `${github}shared/` },
      to: { path: github, pathNot: `${github}shared/` },
    },
    {
      name: 'github-emulator-stores-below-routes',
      comment:
        'Stores (and github-state.ts, which holds them) import only shared/ and other stores: never ' +
        'routes, renderers (-json) or webhook emitters, which call them.',
      severity: 'error',
      from: { path: [...githubStores, `${github}github-state\\.ts$`] },
      to: { path: github, pathNot: [`${github}shared/`, ...githubStores] },
    },
    {
      name: 'github-emulator-routes-only-from-the-mount',
      comment:
        'Route modules are mounted by github-routes.ts (the webhook controls by github-emulator.ts): no ' +
        "domain imports another's routes.",
      severity: 'error',
      from: { pathNot: `${github}(github-routes|github-emulator|index)\\.ts$` },
      to: { path: [`${github}[^/]+/[^/]+-(routes|graphql)\\.ts$`, `${github}hooks/webhook-controls\\.ts$`] },
    },
    {
      name: 'github-emulator-domains-below-the-app',
      comment: 'Domain folders and shared/ never import the app files that compose them.',
      severity: 'error',
      from: { path: `${github}[^/]+/` },
      to: { path: `${github}(github-routes|github-emulator|github-seed|index)\\.ts$` },
    },
    {
      name: 'no-unresolvable-relative-import',
      comment: 'A relative import that resolves to no file: the rules above cannot see where it goes.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^\\.' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    // Type-only imports are imports: a circle through types is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // The workspace's own packages resolve to their sources, as the tests read them.
      conditionNames: ['@toolsteps/source', 'import', 'require', 'node', 'default', 'types'],
    },
  },
};
