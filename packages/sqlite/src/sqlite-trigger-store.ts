import { createRequire } from 'node:module';
import type {
  Activation,
  DeliveryOutcome,
  DeliveryQuery,
  DeliveryRun,
  DeliveryStatus,
  NewDelivery,
  Registration,
  StepErrorJson,
  StoredDelivery,
  TriggerStore,
} from '@toolsteps/engine';
import type BetterSqlite3 from 'better-sqlite3';
import { GroupCommit } from './group-commit.js';
import { ownerOnlyFile } from './owner-only-file.js';
import { openSecret, sealSecret } from './sealed-secret.js';
import { TRIGGER_STORE_MIGRATIONS } from './trigger-store-migrations.js';

export interface SqliteTriggerStoreOptions {
  /** Seals webhook secrets (AES-256-GCM, the vault's scheme); without one they are kept in the 0600 file. */
  key?: Buffer;
}

type Database = BetterSqlite3.Database;
type Statement = BetterSqlite3.Statement;

interface DeliveryRow {
  id: string;
  binding_id: string;
  source: 'webhook' | 'poll';
  received_at: number;
  headers: string;
  raw_body: Buffer;
  status: DeliveryStatus;
  error: string | null;
  runs: string;
  events_count: number | null;
  attempts: number;
  finished_at: number | null;
  replay_key: string | null;
}

interface ActivationRow {
  binding_id: string;
  trigger: string;
  account: string;
  registration: string | null;
  secret: string | null;
  secret_sealed: number;
  status: 'active' | 'inactive';
  activated_at: number;
}

/** Loaded when a store is opened, not when the engine is: most commands never touch it. */
const require = createRequire(import.meta.url);

/** Deliveries one prune transaction deletes: a long prune never holds the writer for long. */
const PRUNE_BATCH = 200;

/**
 * The embedded trigger store: one SQLite file (better-sqlite3), no server to start.
 *
 * Durability: WAL with `synchronous=FULL`, so a delivery the receiver acknowledged survives a power
 * loss, not only a crash of the process (NORMAL would fsync only at checkpoints). The fsync this
 * costs per commit is shared: writes asked for in the same turn of the event loop (deliveries
 * arriving together, runs starting and ending) are committed in one transaction (group commit),
 * each promise resolving once that transaction is on disk. Reads see only what is committed.
 *
 * Space: a store created by this version frees the pages of pruned deliveries back to the file
 * system (incremental auto-vacuum, run after each prune); an older one reuses them for new
 * deliveries, so it stops growing without shrinking.
 */
export class SqliteTriggerStore implements TriggerStore {
  private readonly statements: ReturnType<typeof prepare>;
  private readonly commits: GroupCommit;
  private closed = false;

  private constructor(
    private readonly db: Database,
    private readonly key: Buffer | undefined,
  ) {
    this.statements = prepare(db);
    this.commits = new GroupCommit(db);
  }

  /** Opens (creating it owner-only, 0600) and migrates the store at `path`. */
  static open(path: string, options: SqliteTriggerStoreOptions = {}): SqliteTriggerStore {
    if (path !== ':memory:') ownerOnlyFile(path);
    const Sqlite = require('better-sqlite3') as typeof BetterSqlite3;
    const db = new Sqlite(path);
    try {
      // Takes effect only on a new, empty file: an older store keeps its mode (see the class comment).
      db.pragma('auto_vacuum = INCREMENTAL');
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      // A second process (the `deliveries` command beside `serve`) waits for a writer instead of failing.
      db.pragma('busy_timeout = 5000');
      migrate(db, path);
    } catch (error) {
      db.close();
      throw error;
    }
    return new SqliteTriggerStore(db, options.key);
  }

  async activation(bindingId: string): Promise<Activation | undefined> {
    const row = this.statements.activation.get(bindingId) as ActivationRow | undefined;
    return row === undefined ? undefined : this.toActivation(row);
  }

  async activations(): Promise<Activation[]> {
    return (this.statements.activations.all() as ActivationRow[]).map((row) => this.toActivation(row));
  }

  async saveActivation(activation: Activation): Promise<void> {
    const params = this.activationParams(activation);
    await this.write(() => this.statements.saveActivation.run(params));
  }

  async replaceActivation(expected: Activation | undefined, activation: Activation): Promise<boolean> {
    const params = this.activationParams(activation);
    // One statement: the comparison and the write happen under SQLite's write lock, whoever else writes.
    if (expected === undefined)
      return this.write(() => this.statements.insertActivation.run(params).changes > 0);
    const compared = {
      ...params,
      expected_status: expected.status,
      expected_registration: registrationText(expected.registration),
    };
    return this.write(() => this.statements.replaceActivation.run(compared).changes > 0);
  }

  commitDelivery(delivery: NewDelivery): Promise<'committed' | 'duplicate'> {
    const params = deliveryParams(delivery);
    return this.write(() =>
      this.statements.insertDelivery.run(params).changes > 0 ? 'committed' : 'duplicate',
    );
  }

  async commitPoll(
    bindingId: string,
    cursor: string,
    deliveries: readonly NewDelivery[],
    at: number,
  ): Promise<void> {
    const rows = deliveries.map(deliveryParams);
    // One transaction, itself inside the batch's: the cursor moves only with its events.
    await this.write(
      this.db.transaction(() => {
        for (const row of rows) this.statements.insertDelivery.run(row);
        this.statements.saveCursor.run(bindingId, cursor, at);
      }),
    );
  }

  async cursor(bindingId: string): Promise<string | undefined> {
    const row = this.statements.cursor.get(bindingId) as { cursor: string } | undefined;
    return row?.cursor;
  }

  async clearCursor(bindingId: string): Promise<void> {
    await this.write(() => this.statements.clearCursor.run(bindingId));
  }

  async delivery(bindingId: string, id: string): Promise<StoredDelivery | undefined> {
    const row = this.statements.delivery.get(bindingId, id) as DeliveryRow | undefined;
    return row === undefined ? undefined : toDelivery(row);
  }

  async deliveriesWithId(id: string): Promise<StoredDelivery[]> {
    return (this.statements.deliveriesWithId.all(id) as DeliveryRow[]).map(toDelivery);
  }

  async deliveries(query: DeliveryQuery = {}): Promise<StoredDelivery[]> {
    return (this.select('*', query) as DeliveryRow[]).map(toDelivery);
  }

  async deliveryKeys(query: DeliveryQuery = {}) {
    const rows = this.select('binding_id, id, received_at', query) as DeliveryRow[];
    return rows.map((row) => ({ bindingId: row.binding_id, id: row.id, receivedAt: row.received_at }));
  }

  async startDelivery(bindingId: string, id: string): Promise<StoredDelivery | undefined> {
    const row = await this.write(
      () => this.statements.startDelivery.get(bindingId, id) as DeliveryRow | undefined,
    );
    return row === undefined ? undefined : toDelivery(row);
  }

  async recordRun(bindingId: string, id: string, run: DeliveryRun): Promise<void> {
    const json = JSON.stringify(run);
    await this.write(() => this.statements.recordRun.run(json, bindingId, id));
  }

  async finishDelivery(bindingId: string, id: string, outcome: DeliveryOutcome): Promise<void> {
    const params = {
      binding_id: bindingId,
      id,
      status: outcome.status,
      error: outcome.error === undefined ? null : JSON.stringify(outcome.error),
      events_count: outcome.eventsCount,
      finished_at: outcome.finishedAt,
    };
    await this.write(() => this.statements.finishDelivery.run(params));
  }

  async requeueDelivery(bindingId: string, id: string): Promise<boolean> {
    return this.write(() => this.statements.requeueDelivery.run(bindingId, id).changes > 0);
  }

  async pruneDeliveries(before: number, bindingId?: string): Promise<number> {
    const params = { before, binding_id: bindingId ?? null, limit: PRUNE_BATCH };
    let deleted = 0;
    for (;;) {
      const changes = await this.write(() => this.statements.pruneDeliveries.run(params).changes);
      deleted += changes;
      if (changes < PRUNE_BATCH) break;
    }
    // Gives the freed pages back to the file system; a no-op on a store without auto-vacuum.
    if (deleted > 0) await this.write(() => this.db.pragma('incremental_vacuum'));
    return deleted;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.commits.flush();
    this.closed = true;
    this.db.close();
  }

  private select(columns: string, query: DeliveryQuery): unknown[] {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.bindingId !== undefined) {
      where.push('binding_id = ?');
      params.push(query.bindingId);
    }
    if (query.status !== undefined) {
      where.push(`status IN (${query.status.map(() => '?').join(', ') || 'NULL'})`);
      params.push(...query.status);
    }
    const sql = [
      `SELECT ${columns} FROM deliveries`,
      where.length > 0 ? `WHERE ${where.join(' AND ')}` : '',
      `ORDER BY seq ${query.order === 'newest' ? 'DESC' : 'ASC'}`,
      query.limit === undefined ? '' : 'LIMIT ?',
    ].join(' ');
    if (query.limit !== undefined) params.push(query.limit);
    // Few shapes of query exist; better-sqlite3 compiles each quickly.
    return this.db.prepare(sql).all(...params);
  }

  /** Queues a write for the next group commit; resolves with what it returned once that is on disk. */
  private write<T>(work: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The trigger store is closed'));
    return this.commits.write(work);
  }

  private activationParams(activation: Activation) {
    const secret = activation.secret === undefined ? undefined : sealSecret(activation.secret, this.key);
    return {
      binding_id: activation.bindingId,
      trigger: activation.trigger,
      account: activation.account,
      registration: registrationText(activation.registration),
      secret: secret?.text ?? null,
      secret_sealed: secret?.sealed ? 1 : 0,
      status: activation.status,
      activated_at: activation.activatedAt,
    };
  }

  private toActivation(row: ActivationRow): Activation {
    const activation: Activation = {
      bindingId: row.binding_id,
      trigger: row.trigger,
      account: row.account,
      status: row.status,
      activatedAt: row.activated_at,
    };
    if (row.registration !== null) activation.registration = JSON.parse(row.registration) as Registration;
    if (row.secret !== null)
      activation.secret = openSecret(
        { text: row.secret, sealed: row.secret_sealed === 1 },
        this.key,
        row.binding_id,
      );
    return activation;
  }
}

function prepare(db: Database) {
  const statement = (sql: string): Statement => db.prepare(sql);
  return {
    activation: statement('SELECT * FROM activations WHERE binding_id = ?'),
    activations: statement('SELECT * FROM activations ORDER BY binding_id'),
    saveActivation: statement(
      `INSERT INTO activations (binding_id, trigger, account, registration, secret, secret_sealed, status, activated_at)
       VALUES (@binding_id, @trigger, @account, @registration, @secret, @secret_sealed, @status, @activated_at)
       ON CONFLICT (binding_id) DO UPDATE SET trigger = excluded.trigger, account = excluded.account,
         registration = excluded.registration, secret = excluded.secret, secret_sealed = excluded.secret_sealed,
         status = excluded.status, activated_at = excluded.activated_at`,
    ),
    insertActivation: statement(
      `INSERT INTO activations (binding_id, trigger, account, registration, secret, secret_sealed, status, activated_at)
       VALUES (@binding_id, @trigger, @account, @registration, @secret, @secret_sealed, @status, @activated_at)
       ON CONFLICT (binding_id) DO NOTHING`,
    ),
    replaceActivation: statement(
      `UPDATE activations SET trigger = @trigger, account = @account, registration = @registration,
         secret = @secret, secret_sealed = @secret_sealed, status = @status, activated_at = @activated_at
       WHERE binding_id = @binding_id AND status = @expected_status AND registration IS @expected_registration`,
    ),
    // Without a conflict target: a delivery kept under the same id or the same replay key is a duplicate.
    insertDelivery: statement(
      `INSERT INTO deliveries (id, binding_id, source, received_at, headers, raw_body, status, replay_key)
       VALUES (@id, @binding_id, @source, @received_at, @headers, @raw_body, 'received', @replay_key)
       ON CONFLICT DO NOTHING`,
    ),
    saveCursor: statement(
      `INSERT INTO poll_cursors (binding_id, cursor, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (binding_id) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at`,
    ),
    cursor: statement('SELECT cursor FROM poll_cursors WHERE binding_id = ?'),
    clearCursor: statement('DELETE FROM poll_cursors WHERE binding_id = ?'),
    delivery: statement('SELECT * FROM deliveries WHERE binding_id = ? AND id = ?'),
    deliveriesWithId: statement('SELECT * FROM deliveries WHERE id = ? ORDER BY seq'),
    startDelivery: statement(
      `UPDATE deliveries SET status = 'running', attempts = attempts + 1
       WHERE binding_id = ? AND id = ? AND status IN ('received', 'running') RETURNING *`,
    ),
    recordRun: statement(
      "UPDATE deliveries SET runs = json_insert(runs, '$[#]', json(?)) WHERE binding_id = ? AND id = ?",
    ),
    finishDelivery: statement(
      `UPDATE deliveries SET status = @status, error = @error, events_count = @events_count,
         finished_at = @finished_at WHERE binding_id = @binding_id AND id = @id`,
    ),
    requeueDelivery: statement(
      `UPDATE deliveries SET status = 'received', error = NULL, finished_at = NULL
       WHERE binding_id = ? AND id = ?`,
    ),
    // The status condition is the partial index's own, so the index is used.
    pruneDeliveries: statement(
      `DELETE FROM deliveries WHERE seq IN (
         SELECT seq FROM deliveries
         WHERE status IN ('succeeded', 'skipped', 'failed') AND finished_at < @before
           AND (@binding_id IS NULL OR binding_id = @binding_id)
         LIMIT @limit)`,
    ),
  };
}

/** Brings the schema to the latest version, each migration in its own transaction. */
function migrate(db: Database, path: string): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const row = db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
  const current = row?.version ?? 0;
  if (current > TRIGGER_STORE_MIGRATIONS.length) {
    throw new Error(
      `The trigger store ${path} is at schema version ${current}, newer than this Toolsteps knows (${TRIGGER_STORE_MIGRATIONS.length}): upgrade Toolsteps`,
    );
  }
  for (let version = current + 1; version <= TRIGGER_STORE_MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(TRIGGER_STORE_MIGRATIONS[version - 1]);
      db.prepare('DELETE FROM schema_version').run();
      db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(version);
    })();
  }
}

/** A registration as the store keeps it: JSON text, which a registration read back writes the same again. */
function registrationText(registration: Registration | undefined): string | null {
  return registration === undefined ? null : JSON.stringify(registration);
}

function deliveryParams(delivery: NewDelivery) {
  return {
    id: delivery.id,
    binding_id: delivery.bindingId,
    source: delivery.source,
    received_at: delivery.receivedAt,
    headers: JSON.stringify(delivery.headers),
    raw_body: Buffer.from(delivery.rawBody.buffer, delivery.rawBody.byteOffset, delivery.rawBody.byteLength),
    replay_key: delivery.replayKey ?? null,
  };
}

function toDelivery(row: DeliveryRow): StoredDelivery {
  const delivery: StoredDelivery = {
    id: row.id,
    bindingId: row.binding_id,
    source: row.source,
    receivedAt: row.received_at,
    headers: JSON.parse(row.headers) as Record<string, string>,
    rawBody: new Uint8Array(row.raw_body),
    status: row.status,
    runs: JSON.parse(row.runs) as DeliveryRun[],
    attempts: row.attempts,
  };
  if (row.error !== null) delivery.error = JSON.parse(row.error) as StepErrorJson;
  if (row.events_count !== null) delivery.eventsCount = row.events_count;
  if (row.finished_at !== null) delivery.finishedAt = row.finished_at;
  if (row.replay_key !== null) delivery.replayKey = row.replay_key;
  return delivery;
}
