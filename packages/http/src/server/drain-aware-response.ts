import { ServerResponse, type IncomingMessage } from 'node:http';

/**
 * The ServerResponse class of a server that may drain: a response whose headers are written once `draining()` is
 * true says `Connection: close`, so the client does not send another request on a socket that is about to close.
 *
 * Why a class rather than tracking each in-flight response: a Set of responses and a 'close' listener per request
 * cost the redirector's visitor path measurably in CPU and p99, while every response's headers go through writeHead
 * anyway (express's and Node's implicit headers included).
 */
export function drainAwareResponse(draining: () => boolean): typeof ServerResponse<IncomingMessage> {
  class DrainAwareResponse extends ServerResponse<IncomingMessage> {}
  const writeHead = ServerResponse.prototype.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  DrainAwareResponse.prototype.writeHead = function writeHeadClosingWhenDraining(
    this: ServerResponse,
    ...args: unknown[]
  ) {
    if (draining() && !this.headersSent) this.setHeader('connection', 'close');
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
  return DrainAwareResponse;
}
