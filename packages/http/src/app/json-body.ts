import express, { type RequestHandler } from 'express';
import { DomainError } from '@waymark/contracts';
import { InvalidInputError } from '../errors/invalid-input-error';

const JSON_TYPES = ['application/json', 'application/*+json'];
const SUPPORTED_ENCODINGS = 'gzip, deflate, br or none (identity)';
const INVALID_UTF8 = 'entity.utf8.invalid';
const CHARSET_UNSUPPORTED = 'charset.unsupported';

/** `fatal`: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD and being stored as such. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * express.json with the failures of reading a body answered as the client's: strict UTF-8 (RFC 8259 8.1: JSON
 * between systems is UTF-8), 400 for a body that does not decompress as its `Content-Encoding` says, 415 for an
 * encoding or charset Waymark does not read. `limit` counts the decompressed bytes, so a small bomb stays small.
 */
export function jsonBody(limit: number | string): RequestHandler {
  const parse = express.json({ limit, type: JSON_TYPES, verify: requireUtf8 });
  return (req, res, next) => {
    parse(req, res, (err?: unknown) => {
      const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
      next(err === undefined ? undefined : readFailure(err, encoding));
    });
  };
}

function requireUtf8(_req: unknown, _res: unknown, body: Buffer, charset: string): void {
  if (charset !== 'utf-8' && charset !== 'utf8') {
    throw Object.assign(new Error(`charset ${charset} is not UTF-8`), { type: CHARSET_UNSUPPORTED });
  }
  try {
    strictUtf8.decode(body);
  } catch {
    throw Object.assign(new Error('body is not valid UTF-8'), { type: INVALID_UTF8 });
  }
}

function readFailure(err: unknown, encoding: string): unknown {
  const type = (err as { type?: unknown } | null)?.type;
  if (type === 'encoding.unsupported') {
    return new DomainError(
      'unsupported_media_type',
      `Content-Encoding ${encoding} is not supported; send ${SUPPORTED_ENCODINGS}`,
    );
  }
  if (type === CHARSET_UNSUPPORTED) {
    return new DomainError('unsupported_media_type', 'Request bodies must be UTF-8 (charset=utf-8 or none)');
  }
  if (type === INVALID_UTF8) return new InvalidInputError([{ path: 'body', message: 'is not valid UTF-8' }]);
  // body-parser passes a decompression stream's error on untyped (zlib's Z_DATA_ERROR, brotli's ERR_*).
  if (type === undefined && encoding !== 'identity') {
    return new InvalidInputError([{ path: 'body', message: `does not decompress as Content-Encoding ${encoding}` }]);
  }
  return err;
}
