import { createServer, type Server } from 'node:http';
import S3rver from 's3rver';
import { sigV4Problem } from './sigv4-verifier';

export interface EmbeddedObjectStoreServer {
  endPoint: string;
  port: number;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

const ACCESS_KEY = 'waymark-embedded';
const ACCESS_DENIED =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';

export interface ObjectStoreServerOptions {
  /** The installation's own secret (persistent): only Waymark's services can sign with it. */
  secretKey: string;
  clock?: () => Date;
}

/**
 * An S3-compatible server (s3rver) storing objects under `directory`, served on loopback. s3rver checks no signature
 * (and no expiry once the query string is gone), so every request is verified here first (AWS SigV4, header or
 * presigned form, with the presigned expiry enforced) and an unsigned, wrongly signed or expired one is a 403: the
 * zips of one tenant's exports are not readable or listable by anyone else on the machine.
 */
export async function startEmbeddedObjectStoreServer(
  directory: string,
  port: number,
  options: ObjectStoreServerOptions,
): Promise<EmbeddedObjectStoreServer> {
  const s3rver = new S3rver({ directory, silent: true });
  const serve = s3rver.callback();
  const credentials = { accessKey: ACCESS_KEY, secretKey: options.secretKey };
  const clock = options.clock ?? (() => new Date());
  const server: Server = createServer((req, res) => {
    const problem = sigV4Problem(
      { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers },
      credentials,
      clock(),
    );
    if (problem === null) {
      // s3rver knows only its own built-in account: past this check the request reaches it as an anonymous one.
      delete req.headers.authorization;
      req.url = withoutPresignParams(req.url ?? '/');
      serve(req, res);
      return;
    }
    res.writeHead(403, { 'content-type': 'application/xml', 'x-waymark-denied': problem }).end(ACCESS_DENIED);
  });
  // Longer than clients keep an idle socket, so a client never reuses one the server is closing (ECONNRESET).
  server.keepAliveTimeout = 65_000;
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
    secretKey: options.secretKey,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function withoutPresignParams(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter(
      (pair) => !/^X-Amz-(Algorithm|Credential|Date|Expires|SignedHeaders|Signature|Security-Token)(=|$)/.test(pair),
    );
  return kept.length === 0 ? url.slice(0, q) : `${url.slice(0, q)}?${kept.join('&')}`;
}
