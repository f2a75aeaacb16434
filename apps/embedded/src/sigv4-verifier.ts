import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface SigV4Credentials {
  accessKey: string;
  secretKey: string;
}

export interface SignedRequest {
  method: string;
  /** As received: path and query not decoded, so the canonical request is built from what the client signed. */
  url: string;
  headers: IncomingHttpHeaders;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3's own limits: a presigned URL lives at most 7 days; a signed request's clock may be 15 minutes off. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
const MAX_SKEW_MS = 15 * 60 * 1000;

interface Signature {
  accessKey: string;
  scope: string;
  date: string;
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  query: [string, string][];
}

/**
 * Why an S3 request does not carry a valid AWS Signature Version 4 for these credentials, or null when it does.
 * Both forms are checked: presigned URLs (query `X-Amz-*`, expiry enforced) and the `Authorization` header the
 * minio client sends (date within 15 minutes). The payload hash is taken as signed; the body is not re-hashed.
 */
export function sigV4Problem(request: SignedRequest, credentials: SigV4Credentials, now: Date): string | null {
  const q = request.url.indexOf('?');
  const path = q < 0 ? request.url : request.url.slice(0, q);
  const query = parseQuery(q < 0 ? '' : request.url.slice(q + 1));
  if (!query) return 'malformed query string';
  const parsed =
    'X-Amz-Algorithm' in Object.fromEntries(query) ? fromQuery(query, request, now) : fromHeader(request, query, now);
  if (typeof parsed === 'string') return parsed;
  if (parsed.accessKey !== credentials.accessKey) return 'unknown access key';
  const canonicalHeaders = parsed.signedHeaders
    .map((name) => `${name}:${headerValue(request.headers[name])}\n`)
    .join('');
  const canonicalQuery = parsed.query
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const signedHeaders = parsed.signedHeaders.join(';');
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    parsed.payloadHash,
  ].join('\n');
  const stringToSign = [ALGORITHM, parsed.amzDate, parsed.scope, sha256Hex(canonicalRequest)].join('\n');
  const [date, region, service] = parsed.scope.split('/');
  let key = hmac(`AWS4${credentials.secretKey}`, date as string);
  for (const part of [region as string, service as string, 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const given = Buffer.from(parsed.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'signature does not match';
}

function fromQuery(query: [string, string][], request: SignedRequest, now: Date): Signature | string {
  const params = Object.fromEntries(query);
  if (params['X-Amz-Algorithm'] !== ALGORITHM) return 'unsupported signature algorithm';
  const credential = parseCredential(params['X-Amz-Credential'] ?? '');
  const amzDate = params['X-Amz-Date'] ?? '';
  const signedAt = parseAmzDate(amzDate);
  const expires = Number(params['X-Amz-Expires']);
  if (!credential || signedAt === null || credential.date !== amzDate.slice(0, 8))
    return 'malformed credential or date';
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) return 'malformed expiry';
  if (now.getTime() >= signedAt + expires * 1000) return 'the presigned URL has expired';
  if (signedAt > now.getTime() + MAX_SKEW_MS) return 'the presigned URL is dated in the future';
  return {
    ...credential,
    amzDate,
    signedHeaders: (params['X-Amz-SignedHeaders'] ?? '').split(';'),
    signature: params['X-Amz-Signature'] ?? '',
    payloadHash: 'UNSIGNED-PAYLOAD',
    query: query.filter(([k]) => k !== 'X-Amz-Signature'),
  };
}

function fromHeader(request: SignedRequest, query: [string, string][], now: Date): Signature | string {
  const authorization = headerValue(request.headers.authorization);
  if (!authorization) return 'the request is not signed';
  const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(
    authorization,
  );
  const credential = match ? parseCredential(match[1] as string) : null;
  const amzDate = headerValue(request.headers['x-amz-date']);
  const signedAt = parseAmzDate(amzDate);
  if (!match || !credential || signedAt === null || credential.date !== amzDate.slice(0, 8))
    return 'malformed Authorization header';
  if (Math.abs(now.getTime() - signedAt) > MAX_SKEW_MS) return 'the request time is too far from the server time';
  const signedHeaders = (match[2] as string).split(';');
  if (!signedHeaders.includes('host')) return 'the host header must be signed';
  const payloadHash = headerValue(request.headers['x-amz-content-sha256']);
  if (!payloadHash) return 'x-amz-content-sha256 is missing';
  return { ...credential, amzDate, signedHeaders, signature: match[3] as string, payloadHash, query };
}

function parseCredential(value: string): { accessKey: string; scope: string; date: string } | null {
  const parts = value.split('/');
  if (parts.length !== 5 || parts[3] !== 's3' || parts[4] !== 'aws4_request' || !/^\d{8}$/.test(parts[1] as string))
    return null;
  return { accessKey: parts[0] as string, scope: parts.slice(1).join('/'), date: parts[1] as string };
}

function parseAmzDate(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
}

function parseQuery(raw: string): [string, string][] | null {
  try {
    return raw
      .split('&')
      .filter((pair) => pair !== '')
      .map((pair) => {
        const eq = pair.indexOf('=');
        return eq < 0
          ? [decodeURIComponent(pair), '']
          : [decodeURIComponent(pair.slice(0, eq)), decodeURIComponent(pair.slice(eq + 1))];
      });
  } catch {
    return null;
  }
}

/** RFC 3986 unreserved characters stay, everything else is percent-encoded (SigV4's UriEncode). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function headerValue(value: string | string[] | undefined): string {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}
