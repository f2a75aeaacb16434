import { createServer, type Server } from 'node:http';
import S3rver from 's3rver';

export interface EmbeddedObjectStoreServer {
  endPoint: string;
  port: number;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

// s3rver's built-in account. It does not verify request signatures (it does check presigned URL expiry); the server
// listens on loopback only, which is what keeps it private.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

/** An S3-compatible server (s3rver) storing objects under `directory`, served on loopback. */
export async function startEmbeddedObjectStoreServer(directory: string, port: number): Promise<EmbeddedObjectStoreServer> {
  const s3rver = new S3rver({ directory, silent: true });
  const server: Server = createServer(s3rver.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    endPoint: '127.0.0.1',
    port: boundPort,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
