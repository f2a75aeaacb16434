import { fail, issue, ok, type Gs1Result } from './issue';

/**
 * Percent-encodes every character outside the RFC 3986 unreserved set (ALPHA, DIGIT, `-`, `.`, `_`, `~`), as the
 * GS1 Digital Link standard requires for AI values in a URI. Hex digits are upper case, so one value has one
 * encoding and a derived path is a stable lookup key.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Decodes percent-encoding; refuses a `%` not followed by two hex digits or bytes that are not UTF-8. */
export function percentDecode(value: string, ai?: string): Gs1Result<string> {
  if (/%(?![0-9A-Fa-f]{2})/.test(value)) {
    return fail(issue('bad_percent_encoding', `malformed percent-encoding in ${JSON.stringify(value)}`, ai));
  }
  try {
    return ok(decodeURIComponent(value));
  } catch {
    return fail(issue('bad_percent_encoding', `percent-encoding of ${JSON.stringify(value)} is not UTF-8`, ai));
  }
}
