import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * What the proxy does with traffic:
 * - `pass`: forwards both ways, after `latencyMs` per chunk when set;
 * - `reset`: resets every open connection and every new one at once (a stopped server: clients fail fast);
 * - `blackhole`: keeps connections open but forwards nothing (a network stall: clients hang until their timeouts).
 */
export type FaultMode = 'pass' | 'reset' | 'blackhole';

export interface FaultProxy {
  /** `127.0.0.1:PORT`, to put in place of the target's address. */
  address: string;
  port: number;
  mode(): FaultMode;
  setMode(mode: FaultMode): void;
  /** Delay added to every forwarded chunk in `pass` mode (0 to turn off). */
  setLatency(ms: number): void;
  stop(): Promise<void>;
}

export interface FaultProxyOptions {
  target: { host: string; port: number };
}

interface Pair {
  client: Socket;
  upstream?: Socket;
}

/** A TCP proxy in this process in front of one target, for fault tests (latency, reset, blackhole). */
export async function startFaultProxy(opts: FaultProxyOptions): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  let latencyMs = 0;
  const pairs = new Set<Pair>();

  const reset = (pair: Pair) => {
    pair.client.resetAndDestroy();
    pair.upstream?.resetAndDestroy();
    pairs.delete(pair);
  };

  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (mode === 'blackhole') return;
      if (latencyMs > 0) setTimeout(() => to.destroyed || to.write(chunk), latencyMs);
      else to.write(chunk);
    });
    from.on('end', () => to.end());
  };

  const server: Server = createServer((client) => {
    const pair: Pair = { client };
    pairs.add(pair);
    const close = () => {
      client.destroy();
      pair.upstream?.destroy();
      pairs.delete(pair);
    };
    client.on('error', close);
    client.on('close', close);
    if (mode === 'reset') return reset(pair);
    if (mode === 'blackhole') return;
    const upstream = connect(opts.target.port, opts.target.host);
    pair.upstream = upstream;
    upstream.on('error', close);
    upstream.on('close', close);
    forward(client, upstream);
    forward(upstream, client);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    address: `127.0.0.1:${port}`,
    port,
    mode: () => mode,
    setMode(next) {
      mode = next;
      // A connection opened in blackhole mode has no upstream to return to: clients reconnect after the fault.
      if (next !== 'blackhole') for (const pair of [...pairs]) if (next === 'reset' || !pair.upstream) reset(pair);
    },
    setLatency(ms) {
      latencyMs = Math.max(0, ms);
    },
    async stop() {
      for (const pair of [...pairs]) reset(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
