/** Anything that may not appear as-is in a Location header value: controls, space, DEL and every non-ASCII char. */
const NOT_HEADER_SAFE = /[^\x21-\x7e]/;
const NOT_HEADER_SAFE_RUNS = /[^\x21-\x7e]+/g;
const ABOVE_LATIN1 = /[\u0100-\uffff]/;

/**
 * The destination with the visitor's query merged into its own, before its fragment (docs/decisions.md, "A visitor's
 * query string"): a key the visitor sends replaces the destination's values for that key, in the destination's place;
 * the visitor's other keys follow in their order. Parameters are passed as sent (not re-encoded), so what the
 * destination receives is what the visitor's client sent, minus the scan marker.
 *
 * The result is always ASCII: node refuses a header value with characters above U+00FF (the connection dropped)
 * and sends U+0080-U+00FF as raw bytes. Destinations are stored in ASCII form since screening normalises them; older
 * ones and raw bytes in the visitor's query are percent-encoded here, as defence in depth.
 */
export function withPassthroughQuery(destination: string, passthrough: string): string {
  const target = NOT_HEADER_SAFE.test(destination) ? asciiUrl(destination) : destination;
  if (passthrough === '') return target;
  // node reads the request line as latin1: each char of the visitor's query is one byte as the client sent it.
  const query = NOT_HEADER_SAFE.test(passthrough) ? percentEncode(passthrough, 'latin1') : passthrough;
  const hash = target.indexOf('#');
  const base = hash < 0 ? target : target.slice(0, hash);
  const fragment = hash < 0 ? '' : target.slice(hash);
  const mark = base.indexOf('?');
  if (mark < 0) return `${base}?${query}${fragment}`;
  return `${base.slice(0, mark)}?${mergeQueries(base.slice(mark + 1), query)}${fragment}`;
}

/** `own` with every key of `visitor` replaced by the visitor's values (at its first place) or added at the end. */
export function mergeQueries(own: string, visitor: string): string {
  const visitorParts = visitor.split('&').filter((part) => part !== '');
  const byKey = new Map<string, string[]>();
  for (const part of visitorParts) {
    const key = keyOf(part);
    byKey.set(key, [...(byKey.get(key) ?? []), part]);
  }
  const merged: string[] = [];
  for (const part of own.split('&')) {
    if (part === '') continue;
    const key = keyOf(part);
    const replacement = byKey.get(key);
    if (replacement === undefined) merged.push(part);
    else if (replacement.length > 0) merged.push(...replacement.splice(0));
  }
  for (const part of visitorParts) if (byKey.get(keyOf(part))?.includes(part)) merged.push(part);
  return merged.join('&');
}

/** The decoded name of `name=value`, so `utm%5Fsource` and `utm_source` are one key; the raw name if it won't decode. */
function keyOf(part: string): string {
  const eq = part.indexOf('=');
  const raw = (eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The WHATWG URL parser's ASCII form (punycode host) when it parses, else every unsafe char percent-encoded. */
function asciiUrl(destination: string): string {
  try {
    const href = new URL(destination).href;
    return NOT_HEADER_SAFE.test(href) ? percentEncode(href, 'utf8') : href;
  } catch {
    return percentEncode(destination, 'utf8');
  }
}

function percentEncode(text: string, encoding: 'utf8' | 'latin1'): string {
  return text.replace(NOT_HEADER_SAFE_RUNS, (run) => {
    let encoded = '';
    for (const byte of Buffer.from(run, ABOVE_LATIN1.test(run) ? 'utf8' : encoding))
      encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    return encoded;
  });
}
