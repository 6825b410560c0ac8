/**
 * The import rules of the workspace (`pnpm check:deps`, run by `pnpm lint`): no import circle, type
 * imports counted, and no import that runs up the layers. The layers follow the packages the engine
 * is being split into (issue 22), bottom first:
 *
 *   sdk       packages/engine/src/sdk        what a step package is written against (@toolsteps/sdk)
 *   ports     packages/engine/src/ports      the interfaces the engine binds and their tokens
 *   core      packages/engine/src/<parts>    registry, workflow, expressions, validation, secrets,
 *                                            runtime, auth, http, vault, execution, journal (memory),
 *                                            triggers (bindings, checks, receiver, memory store), docs
 *   assembly  packages/engine/src/container  createEngine: binds the ports to their default parts
 *   hosts     packages/engine/src/triggers/host   the trigger host, built over an assembled engine
 *   adapters  sqlite/ (@toolsteps/sqlite), redis/ (@toolsteps/redis), testing/ (@toolsteps/emulator)
 *   cli       packages/engine/src/cli        the `toolsteps` binary (@toolsteps/cli)
 *
 * `src/index.ts` (and each folder's `index.ts` that a package `exports`) only re-exports.
 */
const engine = '^packages/engine/src/';
const core = `${engine}(auth|docs|execution|expressions|http|journal|registry|runtime|secrets|triggers|validation|vault|workflow)/`;
const adapters = `${engine}(sqlite|redis|testing)/`;
const stepPackages = '^(packages/step-[^/]+|examples/tasks)/';
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
      name: 'sdk-imports-nothing-of-the-engine',
      comment:
        'The sdk (step-author contracts) is the bottom layer, the future @toolsteps/sdk: it imports only ' +
        'itself and npm packages. Move what it needs into sdk/, or keep the engine side out of it.',
      severity: 'error',
      from: { path: `${engine}sdk/` },
      to: { path: engine, pathNot: `${engine}sdk/` },
    },
    {
      name: 'ports-import-only-the-sdk',
      comment:
        'Engine ports (journal, trigger store, clock, vault… interfaces and their injection tokens) sit ' +
        'just above the sdk: they name types, they never import an implementation.',
      severity: 'error',
      from: { path: `${engine}ports/` },
      to: { path: engine, pathNot: `${engine}(sdk|ports)/` },
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
      name: 'engine-imports-no-adapter',
      comment:
        'The engine (sdk, ports, core, assembly, hosts) imports no adapter: SQLite, Redis/BullMQ, the ' +
        'emulator kit and the CLI leave the engine. A default that needs one is chosen by whoever ' +
        'assembles (the CLI), or injected (createEngine options).',
      severity: 'error',
      from: { path: engine, pathNot: `(${adapters}|${engine}cli/|${engine}index\\.ts$)` },
      to: { path: `(${adapters}|${engine}cli/)` },
    },
    {
      name: 'adapters-stand-apart',
      comment:
        'SQLite, Redis and the emulator kit are separate packages-to-be: none imports another (the CLI ' +
        'brings them together).',
      severity: 'error',
      from: { path: `${engine}(sqlite|redis|testing)/` },
      to: { path: adapters, pathNot: `${engine}$1/` },
    },
    {
      name: 'nothing-imports-the-cli',
      comment: 'The CLI is the top layer: nothing else in the engine imports it.',
      severity: 'error',
      from: { path: engine, pathNot: `${engine}cli/` },
      to: { path: `${engine}cli/` },
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
      name: 'step-packages-use-only-the-public-entries',
      comment:
        "A step package imports the engine's public entries only, never its internals. TEMPORARY (issue " +
        '22, next steps): step packages still import @toolsteps/engine (index.ts) and its /testing; the ' +
        '"sdk" step moves them to @toolsteps/sdk, the "emulator" step their /testing to ' +
        '@toolsteps/emulator, and this rule then allows the sdk only.',
      severity: 'error',
      from: { path: stepPackages },
      to: { path: engine, pathNot: `${engine}(sdk/|index\\.ts$|testing/index\\.ts$)` },
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
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
