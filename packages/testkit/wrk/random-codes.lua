-- wrk script of the redirect benchmarks (bench:redirector, bench:system; see src/wrk-load.ts): every request asks for
-- a random code of the bench's link set, on the bench tenant's domain, and the run ends with one JSON line the bench
-- parses.
-- Arguments after `--`: <file of codes, one per line> <Host header>.
--
-- Requests are formatted once per thread in init() and picked at random per request, so the load generator spends
-- its time sending, not building strings. Every answer that is not a 302 is counted (a server that answered fast
-- with 404s would not be measured as fast), by the response() below unless WRK_STATUS_CHECK=errors: then only wrk's
-- own count of answers of 400 and above is kept, and the caller checks the other statuses itself (bench:redirector
-- reads the server's count of answers by status). A response() makes wrk hand every answer's headers and body to
-- Lua, which costs wrk CPU taken from the same cores as the server under test.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("seed", os.time() * 100 + #threads)
end

function init(args)
  local codes_file, host = args[1], args[2]
  wrk.headers["Host"] = host
  wrk.headers["User-Agent"] = "Mozilla/5.0 (bench) Firefox/128.0"
  requests = {}
  for code in io.lines(codes_file) do
    requests[#requests + 1] = wrk.format("GET", "/" .. code)
  end
  if #requests == 0 then error("no codes in " .. codes_file) end
  count = #requests
  not_redirect = 0
  math.randomseed(seed)
end

function request()
  return requests[math.random(count)]
end

-- wrk asks whether a response() exists once the script is loaded, before init(): the check is chosen here.
if os.getenv("WRK_STATUS_CHECK") ~= "errors" then
  function response(status, headers, body)
    if status ~= 302 then not_redirect = not_redirect + 1 end
  end
end

function done(summary, latency, requests)
  local bad = 0
  for _, thread in ipairs(threads) do
    bad = bad + thread:get("not_redirect")
  end
  -- The whole latency histogram (each distinct latency in µs with its count), so that a benchmark of several rounds
  -- can take the percentiles of all its requests together rather than of each round alone.
  local histogram = {}
  for i = 1, #latency do
    local value, count = latency(i)
    histogram[#histogram + 1] = string.format("[%d,%d]", value, count)
  end
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"timeouts":%d,"statusErrors":%d,"notRedirect":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"latencyUs":[%s]}\n',
    summary.requests, summary.duration, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.timeout, summary.errors.status, bad, latency:percentile(50), latency:percentile(99), latency.max, table.concat(histogram, ",")))
end
