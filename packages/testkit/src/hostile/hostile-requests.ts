import { HOSTILE_BODIES, HOSTILE_HEADER_VALUES, HOSTILE_PATH_VALUES, HOSTILE_QUERY_VALUES } from './hostile-inputs';

/** One listener of the embedded process, the Host its visitors name, and paths that reach each kind of handler. */
export interface EntryPoint {
  name: string;
  port: number;
  host: string;
  paths: readonly string[];
}

export interface HostileRequest {
  label: string;
  bytes: Buffer;
  /** The body is shorter than its Content-Length: the server may close without answering, which is no fault. */
  truncated?: true;
}

const MALFORMED_ENCODINGS = ['%', '%E0%A4%A', '%zz', '%ED%A0%80'];
const GARBAGE_METHODS = ['HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE', 'PATCH', 'POST', 'BREW', 'get', 'G\u00c9T'];
const HEADER_NAMES = ['authorization', 'x-api-key', 'accept', 'x-forwarded-for', 'range', 'idempotency-key'];
const CONTENT_TYPES = [
  'text/plain',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=',
  ';;;',
  '\u00ff',
];
/** `{"title":"` + bytes FF FE (no UTF-8) + `"}`. */
const INVALID_UTF8_BODY = Buffer.concat([Buffer.from('{"title":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);

/** A request written byte for byte (latin1 keeps each char one byte, so `\u00ff` goes out as the byte FF). */
function raw(method: string, target: string, head: string[], body?: Buffer | string): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`, 'Connection: close', ...head];
  if (body !== undefined && !head.some((h) => /^(content-length|transfer-encoding):/i.test(h)))
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  const bytes = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body === undefined ? bytes : Buffer.concat([bytes, typeof body === 'string' ? Buffer.from(body) : body]);
}

function under(path: string, segment: string): string {
  return `${path.replace(/\/+$/, '')}/${segment}`;
}

/**
 * Every class of hostile input sent to one path of one entry point: malformed percent-encoding and other hostile
 * path and query values (test-e2e's corpus), raw invalid UTF-8 in the request line, bad and garbage methods, huge,
 * repeated, missing and malformed headers, bad Content-Type and Content-Length, broken chunking, bodies that are no
 * JSON object, and invalid UTF-8 in a body. `always` is what once ended the process (malformed percent-encoding,
 * invalid UTF-8), for every path; the caller spreads `rotated` over the paths of an entry point.
 */
export function hostileRequests(
  entry: EntryPoint,
  path: string,
): { always: HostileRequest[]; rotated: HostileRequest[] } {
  const host = `Host: ${entry.host}`;
  const get = (label: string, target: string, head: string[] = [host]): HostileRequest => ({
    label: `${label}: GET ${target.slice(0, 80)}`,
    bytes: raw('GET', target, head),
  });
  const post = (label: string, head: string[], body: Buffer | string, truncated = false): HostileRequest => ({
    label: `${label}: POST ${path}`,
    bytes: raw('POST', path, [host, ...head], body),
    ...(truncated ? { truncated: true as const } : {}),
  });
  const always = [
    ...MALFORMED_ENCODINGS.map((value) => get('malformed percent-encoding', under(path, value))),
    ...MALFORMED_ENCODINGS.map((value) => ({
      label: `HEAD ${under(path, value)}`,
      bytes: raw('HEAD', under(path, value), [host]),
    })),
    get('malformed percent-encoding in the query', `${path}?q=%E0%A4%A&%=1`),
    get('invalid UTF-8 in the path', under(path, '\u00ff\u00fe\u00c0')),
    get('invalid UTF-8 in the query', `${path}?q=\u00ff\u00c0`),
    post('invalid UTF-8 in the body', ['Content-Type: application/json'], INVALID_UTF8_BODY),
  ];
  const rotated = [
    ...HOSTILE_PATH_VALUES.map((value) => get('path value', under(path, value))),
    ...HOSTILE_QUERY_VALUES.map((value) => get('query value', `${path}?q=${value}`)),
    get('query without names', `${path}?%&&==&%zz`),
    get('a path that is no path', path === '/' ? '*' : `${path}#fragment`),
    get('an absolute URL as target', `http://evil.example${path}`),
    ...GARBAGE_METHODS.map((method) => ({ label: `method ${method}: ${path}`, bytes: raw(method, path, [host]) })),
    get('no Host', path, []),
    get('two Hosts', path, [host, 'Host: evil.example']),
    get('an empty Host', path, ['Host: ']),
    get('a 20 kB header', path, [host, `X-Big: ${'x'.repeat(20_000)}`]),
    get('500 headers', path, [host, ...Array.from({ length: 500 }, (_, i) => `X-N${i}: ${i}`)]),
    get('a header without a colon', path, [host, 'NoColonHere']),
    get('a space in a header name', path, [host, 'Bad Name: v']),
    get('a folded header', path, [host, 'X-Folded: a', '  continued']),
    ...HEADER_NAMES.flatMap((name) =>
      HOSTILE_HEADER_VALUES.map((value) => get(`${name}: ${value.slice(0, 20)}`, path, [host, `${name}: ${value}`])),
    ),
    ...CONTENT_TYPES.map((type) => post(`Content-Type ${type}`, [`Content-Type: ${type}`], '{}')),
    ...HOSTILE_BODIES.map((body) => post(`body ${body.slice(0, 20)}`, ['Content-Type: application/json'], body)),
    post('Content-Length abc', ['Content-Type: application/json', 'Content-Length: abc'], '{}'),
    post('Content-Length -1', ['Content-Type: application/json', 'Content-Length: -1'], '{}'),
    post('Content-Length beyond 2^64', ['Content-Type: application/json', `Content-Length: ${'9'.repeat(25)}`], '{}'),
    post('two Content-Lengths', ['Content-Type: application/json', 'Content-Length: 2', 'Content-Length: 3'], '{}'),
    post('Content-Length and chunked', ['Content-Length: 2', 'Transfer-Encoding: chunked'], '2\r\n{}\r\n0\r\n\r\n'),
    post('broken chunks', ['Content-Type: application/json', 'Transfer-Encoding: chunked'], 'zz\r\n{}\r\n0\r\n\r\n'),
    post('an unknown transfer coding', ['Content-Type: application/json', 'Transfer-Encoding: rot13'], '{}'),
    post('a body shorter than announced', ['Content-Type: application/json', 'Content-Length: 100'], '{}', true),
    ...['gzip', 'deflate', 'br', 'gzip, gzip', 'compress'].map((coding) =>
      post(
        `Content-Encoding ${coding} that does not decode`,
        ['Content-Type: application/json', `Content-Encoding: ${coding}`],
        '{"not":"compressed"}',
      ),
    ),
  ];
  return { always, rotated };
}
