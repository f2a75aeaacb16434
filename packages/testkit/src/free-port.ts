import { createServer } from 'node:net';

/** Asks the kernel for a free TCP port on 127.0.0.1 (a child process binds it right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not read the port of a probe listener'));
      });
    });
  });
}
