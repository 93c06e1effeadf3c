/**
 * Every Lua script the shared store (upstash.ts) runs, each one atomic step on the keys it is
 * given. docs/store.md lists the key layout.
 */

/**
 * A per-minute limit: counts one request when the sliding window has room, with the arithmetic of
 * `weightedCount` in sliding-window.ts; with consume `0` it only reads. A counter expires two
 * windows and a second after its first count, once no sliding window can weigh it any more.
 *
 * KEYS: the bucket's current and previous fixed-window counters.
 * ARGV: now (ms), the limit, the window's length (ms), consume (`1` or `0`).
 * Returns: 1 allowed or 0 refused, then the current and previous counts before this request.
 */
export const RATE_LIMIT_SCRIPT = `
local now = tonumber(ARGV[1])
local length = tonumber(ARGV[3])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
if current + math.floor(previous * (1 - (now % length) / length)) >= tonumber(ARGV[2]) then
  return {0, current, previous}
end
if ARGV[4] == '1' and redis.call('INCR', KEYS[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], length * 2 + 1000)
end
return {1, current, previous}
`;

/**
 * A claim (`Store.claim`): taken when it is free by the app's clock, which the tests move by hand;
 * Redis's own expiry only cleans it up.
 *
 * KEYS: the claim.
 * ARGV: now (ms), the time it is taken until (ms), its lifetime (ms).
 * Returns: 1 taken, 0 already taken.
 */
export const CLAIM_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`;

/**
 * The scan quota: every window is checked before any is counted, so a scan refused by one window
 * leaves all counters unchanged. Same sliding-window arithmetic as `sliding-window.ts` (the
 * caller recomputes remaining and retry times from the counts returned).
 *
 * Each reservation has its own marker key, so it counts at most once however often it arrives (the
 * client retries a request whose reply was lost) and never after `RELEASE_SCRIPT` has cancelled it.
 *
 * KEYS: the reservation's marker, then for each window its current and previous fixed-window counters.
 * ARGV: now (ms), the marker's lifetime (ms), then for each window its limit and length (ms).
 * Returns: 1 counted, 0 refused, 2 already counted, 3 cancelled; then for each window its current and
 * previous counts before this reservation counted.
 */
export const QUOTA_SCRIPT = `
local marker = redis.call('GET', KEYS[1])
if marker == 'released' then return {3} end
local now = tonumber(ARGV[1])
local windows = (#KEYS - 1) / 2
local counts = {}
local allowed = 1
for i = 1, windows do
  local limit = tonumber(ARGV[i * 2 + 1])
  local length = tonumber(ARGV[i * 2 + 2])
  local current = tonumber(redis.call('GET', KEYS[i * 2]) or '0')
  local previous = tonumber(redis.call('GET', KEYS[i * 2 + 1]) or '0')
  if marker == 'counted' then current = current - 1 end
  counts[i * 2 - 1] = current
  counts[i * 2] = previous
  if current + math.floor(previous * (1 - (now % length) / length)) >= limit then
    allowed = 0
  end
end
if marker == 'counted' then
  table.insert(counts, 1, 2)
  return counts
end
if allowed == 1 then
  for i = 1, windows do
    local length = tonumber(ARGV[i * 2 + 2])
    if redis.call('INCR', KEYS[i * 2]) == 1 then
      redis.call('PEXPIRE', KEYS[i * 2], length * 2 + 1000)
    end
  end
  redis.call('SET', KEYS[1], 'counted', 'PX', ARGV[2])
end
table.insert(counts, 1, allowed)
return counts
`;

/**
 * Cancels a reservation whose reply never came: undoes its count if it was applied, and leaves a
 * marker so that it counts nothing if it arrives later. Safe to run any number of times.
 *
 * KEYS: the reservation's marker, then the current counters it counts in.
 * ARGV: the marker's lifetime (ms).
 * Returns: 1 when a count was undone, 0 when there was none to undo.
 */
export const RELEASE_SCRIPT = `
local marker = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[1], 'released', 'PX', ARGV[1])
if marker ~= 'counted' then return 0 end
for i = 2, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('DECR', KEYS[i]) end
end
return 1
`;

/**
 * Keeps a finished scan: its record, the head of its history (the records of lines trimmed past
 * the limit are deleted), and, when KEYS[3] is given, the domain's latest grade for the tool
 * (newer wins, as in LATEST_GRADE_SCRIPT).
 *
 * KEYS: the scan's record, the tool and target's history, optionally the grade.
 * ARGV: the record (JSON), its history line (JSON), the lifetime (ms), the most lines kept, the
 * record keys' prefix, and for the grade its value (JSON) and time (ms).
 */
export const SAVE_SCAN_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('LPUSH', KEYS[2], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
local kept = tonumber(ARGV[4])
while redis.call('LLEN', KEYS[2]) > kept do
  local id = string.match(redis.call('RPOP', KEYS[2]), '"scanId":"([%w_%-]+)"')
  if id then redis.call('DEL', ARGV[5] .. id) end
end
if KEYS[3] then
  local stored = redis.call('GET', KEYS[3])
  local at = stored and tonumber(string.match(stored, '"at":(%d+)'))
  if not (at and at > tonumber(ARGV[7])) then redis.call('SET', KEYS[3], ARGV[6], 'PX', ARGV[3]) end
end
return 1
`;

/**
 * The newest scan of a history: its record, or nil when the history is empty or the record gone.
 * KEYS: the history. ARGV: the record keys' prefix.
 */
export const LATEST_SCAN_SCRIPT = `
local newest = redis.call('LINDEX', KEYS[1], 0)
if not newest then return nil end
local id = string.match(newest, '"scanId":"([%w_%-]+)"')
if not id then return nil end
return redis.call('GET', ARGV[1] .. id)
`;

/** Keeps the newer of two grades: SET only when the stored one is absent or older. */
export const LATEST_GRADE_SCRIPT = `
local stored = redis.call('GET', KEYS[1])
if stored then
  local at = tonumber(string.match(stored, '"at":(%d+)'))
  if at and at > tonumber(ARGV[2]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1])
return 1
`;

/** Records a key's last use: only forward in time, and never for a key that is gone. */
export const TOUCH_SCRIPT = `
local current = redis.call('HGET', KEYS[1], 'lastUsedAt')
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if current and tonumber(current) >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'lastUsedAt', ARGV[1])
return 1
`;

/** Revokes a key that exists; the first revocation time is kept. */
export const REVOKE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSETNX', KEYS[1], 'revokedAt', ARGV[1])
return 1
`;
