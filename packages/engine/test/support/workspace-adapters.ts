// The SQLite stores, for the engine's tests that run a port's contract over every implementation
// (memory and SQLite alike). Imported by path, not by package: @toolsteps/sqlite depends on the
// engine, and a dependency back would make the two packages a circle.
export * from '../../../sqlite/src/index.js';
