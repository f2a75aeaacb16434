import type { ServerResponse } from 'node:http';
import type { VisitResponse } from '../app/visit';

/** HEAD gets the GET headers (content-length included) and no body. */
export function writeResponse(res: ServerResponse, response: VisitResponse, head: boolean): void {
  const body = response.body;
  if (response.status !== 204) res.setHeader('content-length', body === undefined ? 0 : Buffer.byteLength(body));
  res.writeHead(response.status, response.headers);
  res.end(head ? undefined : body);
}
