/**
 * Characters RFC 3986 allows in a path and query as sent: unreserved, sub-delims, `:`, `@`, `/`, `?` and
 * percent-encoding. Anything else (`"`, `<`, `>`, space, `\`, `^`, backquote, `{`, `|`, `}`, non-ASCII) has to be
 * percent-encoded by the client; a Digital Link carrying it raw is not a URI.
 */
const OUTSIDE_RFC3986 = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/;

/** The first raw character that RFC 3986 does not allow in a path or query, or undefined. */
export function firstNonUriCharacter(pathAndQuery: string): string | undefined {
  return OUTSIDE_RFC3986.exec(pathAndQuery)?.[0];
}
