import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { NewDelivery } from '../../ports/trigger-store.js';

export interface DeliverySpoolOptions {
  /** The most the spool holds, bodies and headers together; a delivery past it is refused. Default 256 MiB. */
  maxBytes?: number;
}

/** A spooled delivery's file, as `list` names it. */
export interface SpooledFile {
  name: string;
  bytes: number;
}

export const DEFAULT_SPOOL_MAX_BYTES = 256 * 1024 * 1024;

const SUFFIX = '.delivery';
/** A file the spool could not read back: kept aside, for an operator to look at, out of its count. */
const UNREADABLE = '.unreadable';
/** A write still in progress lasts far less: a temporary file older than this was left by a crash. */
const STALE_TEMPORARY_MS = 60 * 60_000;

/**
 * Where a verified delivery goes when the trigger store cannot take it: one owner-only (0600) file per
 * delivery in an owner-only folder (0700), written to a temporary file, flushed to disk and renamed
 * (the folder flushed too) before the delivery is acknowledged, so a crash leaves it whole or absent.
 * Each file is the delivery's metadata as one JSON line (headers as the store keeps them, never a
 * signature or credential), then the raw body. Named by when it came, so they are read oldest first,
 * and by a hash of binding and delivery id, so a redelivery is not spooled twice. Bounded in bytes.
 * The host moves them into the store once it works (the store deduplicates them by delivery id).
 */
export class DeliverySpool {
  /** Files by binding and delivery id (hashed), for those spooled. */
  private readonly files = new Map<string, SpooledFile>();
  /** Deliveries being written, by key: not listed until whole; the same one again waits for it. */
  private readonly writing = new Map<string, Promise<'spooled' | 'duplicate'>>();
  private bytes = 0;

  private constructor(
    readonly folder: string,
    private readonly maxBytes: number,
  ) {}

  /** Opens (creating it 0700, tightening a looser one) the spool folder; temporary files a crash left are removed. */
  static open(folder: string, options: DeliverySpoolOptions = {}): DeliverySpool {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const mode = statSync(folder).mode & 0o777;
    if ((mode & 0o077) !== 0) chmodSync(folder, mode & 0o700);
    const spool = new DeliverySpool(folder, options.maxBytes ?? DEFAULT_SPOOL_MAX_BYTES);
    const now = Date.now();
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (name.endsWith('.tmp')) {
        if (now - statSync(path).mtimeMs > STALE_TEMPORARY_MS) rmSync(path, { force: true });
        continue;
      }
      if (!name.endsWith(SUFFIX)) continue;
      const bytes = statSync(path).size;
      spool.files.set(keyOfName(name), { name, bytes });
      spool.bytes += bytes;
    }
    return spool;
  }

  /** How many deliveries wait in the spool. */
  get count(): number {
    return this.files.size;
  }

  /**
   * Writes the delivery durably; `duplicate` when one with its binding and id is spooled already.
   * Throws when the spool is full or cannot be written: then the delivery is kept nowhere.
   */
  async put(delivery: NewDelivery): Promise<'spooled' | 'duplicate'> {
    const key = hashOf(delivery.bindingId, delivery.id);
    if (this.files.has(key)) return 'duplicate';
    // Kept once that write is whole; written here if it fails.
    const pending = this.writing.get(key);
    if (pending !== undefined)
      return pending.then(
        () => 'duplicate',
        () => this.put(delivery),
      );
    const written = this.write(key, delivery);
    this.writing.set(key, written);
    try {
      return await written;
    } finally {
      this.writing.delete(key);
    }
  }

  private async write(key: string, delivery: NewDelivery): Promise<'spooled'> {
    const header = Buffer.from(
      `${JSON.stringify({
        id: delivery.id,
        bindingId: delivery.bindingId,
        source: delivery.source,
        receivedAt: delivery.receivedAt,
        headers: delivery.headers,
        ...(delivery.replayKey === undefined ? {} : { replayKey: delivery.replayKey }),
      })}\n`,
    );
    const size = header.byteLength + delivery.rawBody.byteLength;
    if (this.bytes + size > this.maxBytes)
      throw new Error(
        `the spool ${this.folder} is full (${this.bytes} of ${this.maxBytes} bytes used, this delivery needs ${size})`,
      );
    const name = `${String(delivery.receivedAt).padStart(15, '0')}-${key}${SUFFIX}`;
    const temporary = join(this.folder, `${name}.${randomUUID()}.tmp`);
    // Counted before the first await, so deliveries arriving together cannot overrun the bound.
    this.bytes += size;
    try {
      const file = await open(temporary, 'wx', 0o600);
      try {
        await file.writev([header, delivery.rawBody]);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, join(this.folder, name));
      await this.syncFolder();
    } catch (error) {
      this.bytes -= size;
      await rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
    this.files.set(key, { name, bytes: size });
    return 'spooled';
  }

  /** The spooled deliveries' files, oldest first. */
  list(): SpooledFile[] {
    return [...this.files.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The delivery a file holds; one that does not read as a delivery is set aside and undefined. */
  async read(file: SpooledFile): Promise<NewDelivery | undefined> {
    const path = join(this.folder, file.name);
    const content = await readFile(path);
    const delivery = parse(content);
    if (delivery === undefined) {
      await rename(path, `${path}${UNREADABLE}`);
      this.forget(file);
    }
    return delivery;
  }

  /** Removes a file once its delivery is in the store. */
  async remove(file: SpooledFile): Promise<void> {
    await rm(join(this.folder, file.name), { force: true });
    await this.syncFolder();
    this.forget(file);
  }

  private forget(file: SpooledFile): void {
    const key = keyOfName(file.name);
    if (this.files.get(key)?.name !== file.name) return;
    this.files.delete(key);
    this.bytes -= file.bytes;
  }

  /** A rename or removal is durable once the folder itself is flushed. */
  private async syncFolder(): Promise<void> {
    const folder = await open(this.folder, 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }
}

function hashOf(bindingId: string, id: string): string {
  return createHash('sha256').update(`${bindingId}\u0000${id}`).digest('hex').slice(0, 40);
}

function keyOfName(name: string): string {
  return name.slice(name.indexOf('-') + 1, -SUFFIX.length);
}

function parse(content: Buffer): NewDelivery | undefined {
  const end = content.indexOf(0x0a);
  if (end < 0) return undefined;
  try {
    const header = JSON.parse(content.subarray(0, end).toString('utf8')) as Partial<NewDelivery>;
    const { id, bindingId, source, receivedAt, headers, replayKey } = header;
    if (typeof id !== 'string' || typeof bindingId !== 'string') return undefined;
    if (source !== 'webhook' && source !== 'poll') return undefined;
    if (typeof receivedAt !== 'number' || typeof headers !== 'object' || headers === null) return undefined;
    if (!Object.values(headers).every((value) => typeof value === 'string')) return undefined;
    if (replayKey !== undefined && typeof replayKey !== 'string') return undefined;
    const rawBody = new Uint8Array(content.subarray(end + 1));
    return {
      id,
      bindingId,
      source,
      receivedAt,
      headers,
      rawBody,
      ...(replayKey === undefined ? {} : { replayKey }),
    };
  } catch {
    return undefined;
  }
}
