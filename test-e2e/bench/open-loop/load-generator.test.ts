import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startLoadGenerator, type LoadGenerator } from './load-generator';

// The generator runs in a process of its own, started from the runtime's TypeScript runner: this starts it for real
// and drives one short run against a bare 302 server.
describe('the open-loop load generator process', () => {
  let server: Server;
  let generator: LoadGenerator | undefined;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(302, { location: 'https://example.com/' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    generator?.stop();
    await new Promise((resolve) => server.close(resolve));
  });

  it('starts, sends the offered rate and reports every answered redirect', async () => {
    generator = await startLoadGenerator();
    const { load } = await generator.run({
      gatewayPort: (server.address() as AddressInfo).port,
      host: 'go.example.test',
      apiKey: 'unused',
      codes: ['a', 'b'],
      ratePerSecond: 100,
      seconds: 1,
      apiEvery: 0,
      connections: 4,
      maxInFlight: 100,
    });
    expect(load.offered).toBe(100);
    expect(load.redirectsOk).toBe(100);
  }, 30_000);
});
