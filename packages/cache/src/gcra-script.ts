/**
 * `gcra()` of gcra.ts as one atomic Redis script, so every instance sharing the Redis shares one limit.
 * The clock is Redis' own (TIME), so clients with skewed clocks still agree. KEYS[1] holds the TAT in ms as a
 * decimal string; ARGV: emissionMs, toleranceMs, cost, epsilon. Returns {allowed, remaining, resetMs, retryAfterMs}.
 */
export const GCRA_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local emission = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local epsilon = tonumber(ARGV[4])
local stored = redis.call('GET', KEYS[1])
local tat = now
if stored then tat = math.max(tonumber(stored), now) end
local new_tat = tat + emission * cost
local allow_at = new_tat - tolerance
if now < allow_at then
  local remaining = math.max(0, math.floor((tolerance - (tat - now)) / emission + epsilon))
  return {0, remaining, math.ceil(tat - now), math.ceil(allow_at - now)}
end
redis.call('SET', KEYS[1], string.format('%.3f', new_tat), 'PX', math.ceil(new_tat - now))
local remaining = math.max(0, math.floor((tolerance - (new_tat - now)) / emission + epsilon))
return {1, remaining, math.ceil(new_tat - now), 0}
`;
