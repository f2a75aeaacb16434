import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import type { TestInfra } from './test-infra';
import { createTempDir, removeTempDir } from './temp-dir';

export type StartedS3 = TestInfra['s3'] & { stop(): Promise<void> };

// s3rver's built-in account; it does not verify signatures, but it does check the access key id.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

/**
 * Starts an S3-compatible server (s3rver) in this process on a free port, storing objects in a temp directory.
 * We serve s3rver's request handler from our own HTTP server so that stop() can close kept-alive client
 * connections instead of waiting for them.
 */
export async function startS3(): Promise<StartedS3> {
  const directory = createTempDir('s3');
  const s3rver = new S3rver({ directory, silent: true });
  const server = createServer(s3rver.callback());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    removeTempDir(directory);
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  let stopped = false;
  return {
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    region: 'us-east-1',
    async stop() {
      if (stopped) return;
      stopped = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      removeTempDir(directory);
    },
  };
}
