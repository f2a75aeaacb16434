import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Ports handed out by this process: nobody may have bound them yet, so the kernel cannot tell they are taken. */
const handedOut = new Set<number>();

/**
 * The ports to pick from: those below the kernel's ephemeral range. A port from inside it can be taken as the local
 * port of any outgoing connection (a restarted service's own database connections) between the probe and the bind.
 */
function listeningRange(): { low: number; high: number } | undefined {
  try {
    const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (ephemeralLow && ephemeralLow > 11_000) return { low: 10_000, high: ephemeralLow - 1 };
  } catch {
    // Not Linux: the kernel's own choice below.
  }
  return undefined;
}

function probe(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(address && typeof address === 'object' ? address.port : undefined));
    });
  });
}

/** A free TCP port on 127.0.0.1 for a child process to bind right after, never one this process handed out before. */
export async function freePort(): Promise<number> {
  const range = listeningRange();
  for (let attempt = 0; range && attempt < 50; attempt++) {
    const candidate = range.low + Math.floor(Math.random() * (range.high - range.low + 1));
    if (handedOut.has(candidate)) continue;
    handedOut.add(candidate); // reserved before the probe, so concurrent calls never pick it too
    if ((await probe(candidate)) !== undefined) return candidate;
    handedOut.delete(candidate);
  }
  const port = await probe(0);
  if (port === undefined) throw new Error('could not read the port of a probe listener');
  handedOut.add(port);
  return port;
}
