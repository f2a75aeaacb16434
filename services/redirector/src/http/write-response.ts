import type { ServerResponse } from 'node:http';
import type { VisitResponse } from '../app/visit';

/** HEAD gets the GET headers (content-length included) and no body. */
export function writeResponse(res: ServerResponse, response: VisitResponse, head: boolean): void {
  const body = response.body;
  const headers: Record<string, string | number> = { ...response.headers };
  if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
  else if (response.status !== 204 && response.status !== 304) headers['content-length'] = 0;
  res.writeHead(response.status, headers);
  res.end(head ? undefined : body);
}
