import { request } from 'node:http';

export interface RawReply {
  status: number;
  contentType: string;
  text: string;
}

/**
 * One request sent exactly as written: the path is not normalised or re-encoded (fetch would), and a header given
 * as an array goes out as one line per value, as a hostile client would send it.
 */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string | string[]>,
  body?: string,
): Promise<RawReply> {
  const url = new URL(base);
  const allHeaders = body === undefined ? headers : { 'content-type': 'application/json', ...headers };
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers: allHeaders }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const contentType = String(res.headers['content-type'] ?? '');
        resolve({ status: res.statusCode ?? 0, contentType, text: Buffer.concat(chunks).toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
