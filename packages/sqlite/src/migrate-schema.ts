import type BetterSqlite3 from 'better-sqlite3';

/**
 * Brings a database to the latest of `migrations`; refuses a newer one. The version is read and the
 * migrations applied in one IMMEDIATE transaction: two processes opening a new file at once (runs
 * started together) take turns instead of both creating the tables.
 */
export function migrateSchema(db: BetterSqlite3.Database, migrations: readonly string[], what: string): void {
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const row = db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
    const current = row?.version ?? 0;
    if (current > migrations.length) {
      throw new Error(
        `${what} is at schema version ${current}, newer than this Toolsteps knows (${migrations.length}): upgrade Toolsteps`,
      );
    }
    if (current === migrations.length) return;
    for (let version = current + 1; version <= migrations.length; version++) db.exec(migrations[version - 1]);
    db.prepare('DELETE FROM schema_version').run();
    db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(migrations.length);
  }).immediate();
}
