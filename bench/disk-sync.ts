import { closeSync, fsyncSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './measure.js';

/** statfs magic numbers of the file systems a temp dir is likely on (linux/magic.h). */
const FILE_SYSTEMS: Record<number, string> = {
  61267: 'ext2/3/4',
  16914836: 'tmpfs',
  1481003842: 'xfs',
  2435016766: 'btrfs',
  2035054128: 'overlayfs',
  801189825: 'zfs',
  1702057286: 'fuse',
  26985: 'nfs',
};

/** Which file system `dir` is on: a tmpfs would make every fsync free and the bench meaningless. */
export function fileSystemOf(dir: string): string {
  const type = Number(statfsSync(dir).type);
  return FILE_SYSTEMS[type] ?? `statfs type 0x${type.toString(16)}`;
}

/**
 * Median µs of appending 64 bytes to a file in `dir` and fsyncing it, what a WAL commit must wait
 * for at synchronous=FULL: the floor of one durable commit on this disk.
 */
export function rawFsyncUs(dir: string, times = 200): number {
  const file = path.join(dir, 'fsync-probe');
  const fd = openSync(file, 'a');
  const bytes = Buffer.alloc(64, 1);
  const samples: number[] = [];
  try {
    for (let index = 0; index < times; index++) {
      const start = performance.now();
      writeSync(fd, bytes);
      fsyncSync(fd);
      samples.push((performance.now() - start) * 1000);
    }
  } finally {
    closeSync(fd);
    rmSync(file);
  }
  return median(samples);
}
