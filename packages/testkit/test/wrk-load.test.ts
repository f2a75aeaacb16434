import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { latencyPercentileUs, wrkLoader } from '../src';

/** A server that answers every request with `status` and records the paths and Host headers it was asked for. */
async function recordingServer(
  status: number,
): Promise<{ server: Server; port: number; seen: { path: string; host: string }[] }> {
  const seen: { path: string; host: string }[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', host: req.headers.host ?? '' });
    res.writeHead(status, status === 302 ? { location: 'https://example.com/' } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

// The benchmarks' load generator (bench:redirector, bench:system): wrk must really send the random codes on the
// given Host and report what was not a 302, or a benchmark would measure the wrong requests and say nothing.
describe('wrkLoader', () => {
  const codes = ['alpha', 'beta', 'gamma'];
  const load = wrkLoader({ codes, host: 'go.bench.test', connections: 4, threads: 1, durationS: 1 });

  it('requests random codes of the set on the given Host and counts the 302s as good', async () => {
    const { server, port, seen } = await recordingServer(302);
    try {
      const round = await load(port);
      expect(round.requests).toBeGreaterThan(50);
      expect(round.bad).toBe(0);
      expect(round.rate).toBeGreaterThan(0);
      expect(round.p99Ms).toBeGreaterThanOrEqual(round.p50Ms);
      // The histogram is wrk's own: its percentiles are the ones wrk printed.
      expect(round.latencyUs.reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThanOrEqual(round.requests);
      expect(latencyPercentileUs([round.latencyUs], 99)).toBe(Math.round(round.p99Ms * 1000));
      expect(latencyPercentileUs([round.latencyUs], 50)).toBe(Math.round(round.p50Ms * 1000));
      expect(new Set(seen.map((s) => s.host))).toEqual(new Set(['go.bench.test']));
      expect(new Set(seen.map((s) => s.path))).toEqual(new Set(['/alpha', '/beta', '/gamma']));
    } finally {
      server.close();
    }
  });

  it.each([404, 200])('counts every answer that is not a 302 (%i)', async (status) => {
    const { server, port } = await recordingServer(status);
    try {
      const round = await load(port);
      expect(round.requests).toBeGreaterThan(50);
      expect(round.bad).toBe(round.requests);
    } finally {
      server.close();
    }
  });

  // everyStatus false: no Lua call per answer; wrk's own count of 400 and above is all that is counted.
  it('with everyStatus false, counts the answers of 400 and above and leaves the others to the caller', async () => {
    const errorsOnly = wrkLoader({
      codes,
      host: 'go.bench.test',
      connections: 4,
      threads: 1,
      durationS: 1,
      everyStatus: false,
    });
    for (const [status, allBad] of [
      [404, true],
      [503, true],
      [200, false],
      [302, false],
    ] as const) {
      const { server, port } = await recordingServer(status);
      try {
        const round = await errorsOnly(port);
        expect(round.requests).toBeGreaterThan(50);
        expect([status, round.bad]).toEqual([status, allBad ? round.requests : 0]);
      } finally {
        server.close();
      }
    }
  });
});
