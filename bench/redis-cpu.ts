import { execFileSync } from 'node:child_process';

/**
 * CPU time (user + system, µs) the Redis server at `url` has used, from `INFO cpu`: the queue's and
 * the journal's work in Redis is part of what a run costs. redis-cli comes with Debian's redis-server.
 */
export function redisCpuUs(url: string): number {
  const info = execFileSync('redis-cli', ['-u', url, 'info', 'cpu'], { encoding: 'utf8' });
  return Math.round((seconds(info, 'sys') + seconds(info, 'user')) * 1e6);
}

function seconds(info: string, name: string): number {
  const match = new RegExp(`^used_cpu_${name}:([\\d.]+)`, 'm').exec(info);
  if (!match) throw new Error(`redis-cli info cpu has no used_cpu_${name}:\n${info}`);
  return Number(match[1]);
}
