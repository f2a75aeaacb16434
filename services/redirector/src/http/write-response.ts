import type { ServerResponse } from 'node:http';
import type { VisitResponse } from '../shared-kernel/visit';

/**
 * HEAD gets the GET headers (content-length included) and no body.
 *
 * The headers reach writeHead as one flat `[name, value, ...]` list with content-length in it. A setHeader before
 * writeHead puts node:http on its slow path (every header set again one by one, validated and kept in a map), and
 * an object costs a key lookup per header when it is stored; the flat list is the cheapest of the three.
 */
export function writeResponse(res: ServerResponse, response: VisitResponse, head: boolean): void {
  const body = response.body;
  const headers: string[] = [];
  for (const name in response.headers) headers.push(name, response.headers[name] as string);
  if (response.status !== 204)
    headers.push('content-length', body === undefined ? '0' : String(Buffer.byteLength(body)));
  res.writeHead(response.status, headers);
  res.end(head ? undefined : body);
}
