import { JOURNALED_RUN_STATUSES } from '@toolsteps/engine';
import type { Redis } from 'ioredis';

/**
 * Every script is given the shared indexes first (RedisJournalKeys.indexes), then the keys of the
 * runs it touches (RedisJournalKeys.ofRun), RUN_KEY_COUNT per run. What it needs of them is named here once.
 */
export const RUN_KEY_COUNT = 5;
const PREAMBLE = `
local RUNS, IDS, SEQ, PRUNABLE_INDEX = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local STATUS_INDEX = { ${JOURNALED_RUN_STATUSES.map((status, i) => `${status} = KEYS[${5 + i}]`).join(', ')} }
local RUN_KEYS = ${5 + JOURNALED_RUN_STATUSES.length}
local RUN, STEPS, ORDER, SENDS = KEYS[RUN_KEYS], KEYS[RUN_KEYS + 1], KEYS[RUN_KEYS + 2], KEYS[RUN_KEYS + 3]
local SPENDS = KEYS[RUN_KEYS + 4]
local PRUNABLE = { succeeded = true, failed = true, cancelled = true }

-- Writes a row's fields (strings); a JSON null deletes the field, as NULL in a SQLite column.
local function put(key, row)
  for name, value in pairs(row) do
    if value == cjson.null then redis.call('HDEL', key, name) else redis.call('HSET', key, name, value) end
  end
end

-- Files the run under its status, and under the runs prune may delete when it is one of them.
local function reindex(run, id, old)
  local now = redis.call('HMGET', run, 'status', 'seq', 'finished_at')
  local status, seq, finished = now[1], now[2], now[3]
  if old and old ~= status then redis.call('ZREM', STATUS_INDEX[old], id) end
  redis.call('ZADD', STATUS_INDEX[status], seq, id)
  if PRUNABLE[status] and finished then
    redis.call('ZADD', PRUNABLE_INDEX, finished, id)
  else
    redis.call('ZREM', PRUNABLE_INDEX, id)
  end
end
`;

const SCRIPTS = {
  /**
   * ARGV: id, the fields of a run not known yet, the fields that change on a known one, what its
   * `resumes` grows by. A new run is numbered (seq) in the order runs first reached the journal.
   */
  upsertRun: `
local old = redis.call('HGET', RUN, 'status')
if old then
  put(RUN, cjson.decode(ARGV[3]))
  if ARGV[4] ~= '0' then redis.call('HINCRBY', RUN, 'resumes', ARGV[4]) end
else
  local seq = redis.call('INCR', SEQ)
  put(RUN, cjson.decode(ARGV[2]))
  redis.call('HSET', RUN, 'seq', seq, 'resumes', '0', 'cancel_requested', '0')
  redis.call('ZADD', RUNS, seq, ARGV[1])
  redis.call('ZADD', IDS, 0, ARGV[1])
end
reindex(RUN, ARGV[1], old)
`,
  /** ARGV: step key, step row. A step keeps the place it first had, as a SQLite row keeps its rowid. */
  recordStep: `
redis.call('HSET', STEPS, ARGV[1], ARGV[2])
if not redis.call('ZSCORE', ORDER, ARGV[1]) then redis.call('ZADD', ORDER, redis.call('INCR', SEQ), ARGV[1]) end
`,
  /** ARGV: run id, step key, send row. Tagged with the run's life, after dropping what it supersedes. */
  recordSend: `
local life = redis.call('HGET', RUN, 'resumes')
if not life then return redis.error_reply('No run ' .. ARGV[1] .. ' is journaled to record a write of') end
local step = redis.call('HGET', STEPS, ARGV[2])
if step and cjson.decode(step).status ~= 'succeeded' then
  redis.call('HDEL', STEPS, ARGV[2])
  redis.call('ZREM', ORDER, ARGV[2])
end
for _, entry in ipairs(redis.call('LRANGE', SENDS, 0, -1)) do
  local sent = cjson.decode(entry)
  if sent.send.step_key == ARGV[2] and sent.life < tonumber(life) then redis.call('LREM', SENDS, 0, entry) end
end
redis.call('RPUSH', SENDS, '{"life":' .. life .. ',"send":' .. ARGV[3] .. '}')
`,
  /** ARGV: spend row. Appended, oldest first: every one counts. */
  recordCredits: `
redis.call('RPUSH', SPENDS, ARGV[1])
`,
  /** ARGV: run id, '1' to ask the live process, when (ms). 1 when it changed the run. */
  cancel: `
local now = redis.call('HMGET', RUN, 'status', 'cancel_requested')
local status, requested = now[1], now[2]
if ARGV[2] == '1' then
  if status ~= 'running' then return 0 end
  redis.call('HSET', RUN, 'cancel_requested', '1')
  return 1
end
local unfinished = { running = true, failed = true, outcome_unknown = true, cancelled = true }
-- Cancelled for good once: a run only asked to stop (its process then died) can still be.
if not unfinished[status] or (status == 'cancelled' and requested ~= '0') then return 0 end
redis.call('HSET', RUN, 'status', 'cancelled', 'finished_at', ARGV[3], 'cancel_requested', '1')
reindex(RUN, ARGV[1], status)
return 1
`,
  /** ARGV: before, then the ids of the runs whose keys follow. Checked again here: one may have resumed since. */
  prune: `
local deleted = 0
for i = 2, #ARGV do
  local id, first = ARGV[i], RUN_KEYS + ${RUN_KEY_COUNT} * (i - 2)
  local now = redis.call('HMGET', KEYS[first], 'status', 'finished_at')
  local status, finished = now[1], now[2]
  if PRUNABLE[status] and finished and tonumber(finished) < tonumber(ARGV[1]) then
    redis.call('DEL', KEYS[first], KEYS[first + 1], KEYS[first + 2], KEYS[first + 3], KEYS[first + 4])
    redis.call('ZREM', RUNS, id)
    redis.call('ZREM', IDS, id)
    redis.call('ZREM', STATUS_INDEX[status], id)
    redis.call('ZREM', PRUNABLE_INDEX, id)
    deleted = deleted + 1
  elseif status then
    reindex(KEYS[first], id, nil)
  else
    redis.call('ZREM', PRUNABLE_INDEX, id)
  end
end
return deleted
`,
} as const;

export type JournalScript = keyof typeof SCRIPTS;

export type RunScript = (script: JournalScript, keys: string[], args: string[]) => Promise<unknown>;

/**
 * Defines the journal's scripts on a client (EVALSHA, sent in full once when Redis lacks them) and
 * returns how to run one: each runs atomically, so a conditional change never sees another half done.
 */
export function defineJournalScripts(client: Redis): RunScript {
  for (const [name, body] of Object.entries(SCRIPTS))
    client.defineCommand(commandName(name), { lua: PREAMBLE + body });
  const commands = client as unknown as Record<string, (...args: Array<string | number>) => Promise<unknown>>;
  return (script, keys, args) => commands[commandName(script)](keys.length, ...keys, ...args);
}

/** Prefixed: a client shared with BullMQ carries its commands too. */
const commandName = (script: string) => `toolstepsJournal_${script}`;
