import { connect } from 'node:net';

/**
 * What came back for one request: its status, 0 when the server closed the connection without answering, or -1 when
 * it neither answered nor closed in time.
 */
export interface RawAnswer {
  status: number;
  /** The status line and headers, for the failure message. */
  head: string;
  body: string;
}

/**
 * Sends `bytes` as they are over a fresh TCP connection (a client library would refuse, or repair, most of the
 * requests that matter here: raw bytes in the path, a garbage method, two Content-Lengths) and reads until the server
 * closes it; every request says `Connection: close`. `halfClose` ends the sending side at once, for a request whose
 * body is shorter than its Content-Length: the server sees it end instead of waiting for the rest.
 */
export function rawExchange(
  port: number,
  bytes: Buffer,
  options: { halfClose?: boolean; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, timeoutMs);
    socket.on('connect', () => {
      if (options.halfClose) socket.end(bytes);
      else socket.write(bytes);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after a complete answer (the server closing while our bytes were still arriving) is still an answer.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      if (timedOut) return resolve({ status: -1, head: `no answer within ${timeoutMs} ms`, body: '' });
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const head = end < 0 ? text.slice(0, 200) : text.slice(0, end);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      const body = end < 0 ? '' : text.slice(end + 4);
      resolve({ status: status ? Number(status[1]) : 0, head, body: /chunked/i.test(head) ? unchunked(body) : body });
    });
  });
}

function unchunked(body: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    const size = eol < 0 ? 0 : parseInt(body.slice(at, eol), 16);
    if (!(size > 0)) return out;
    out += body.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}
