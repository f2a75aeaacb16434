/*
 * The bench's webhook receiver, in its own process (forked by notifier-bench.ts) so receiving does not compete with
 * the notifier for its event loop. It answers 204 to every POST and reports click-to-delivery latencies (arrival
 * minus the click's `ts`) to the parent over IPC in batches.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const send = (message: unknown) => process.send?.(message);
let batch: number[] = [];

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    batch.push(Date.now() - (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { ts: number }).ts);
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 60_000;

setInterval(() => {
  if (batch.length === 0) return;
  send({ latencies: batch });
  batch = [];
}, 50).unref();

process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => send({ port: (server.address() as AddressInfo).port }));
