import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from './free-port';

describe('freePort', () => {
  it('hands out bindable ports below the ephemeral range, never the same one twice', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
    const ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow);
    const server = createServer();
    await new Promise<void>((bound) => server.listen(ports[0], '127.0.0.1', bound));
    await new Promise((closed) => server.close(closed));
  });
});
