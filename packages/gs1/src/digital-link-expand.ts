import { aiDefinition } from './ai-table';
import { decompressDigitalLink, type DecompressedDigitalLink } from './digital-link-decompress';
import { fail, issue, ok, type Gs1Result } from './issue';
import { percentDecode, percentEncode } from './percent-encoding';

/** The uncompressed path and query (`/01/<gtin>/10/<lot>?17=..&k=v`) of decompressed AI/value pairs, unvalidated. */
export function uncompressedPathAndQuery(d: DecompressedDigitalLink): Gs1Result<string> {
  const primary = d.elements.find(([ai]) => aiDefinition(ai)?.role === 'primary');
  if (!primary) return fail(issue('missing_primary_key', 'the compressed Digital Link carries no primary key'));
  const rest = d.elements.filter((e) => e !== primary);
  const present = new Set(rest.map(([ai]) => ai));
  const sequence = aiDefinition(primary[0])?.qualifierSequences.find((s) => s.some((ai) => present.has(ai))) ?? [];
  const qualifiers = sequence.flatMap((ai) => rest.filter(([q]) => q === ai));
  const attributes = rest.filter((e) => !qualifiers.includes(e));
  const path = [primary, ...qualifiers].map(([ai, v]) => `/${ai}/${percentEncode(v)}`).join('');
  const query = [...attributes, ...Object.entries(d.params)].map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  return ok(query.length > 0 ? `${path}?${query.join('&')}` : path);
}

/**
 * The uncompressed form of a compressed GS1 Digital Link path (`[/stem]/<base64url>`, or partially compressed
 * `/<key>/<value>/<base64url>`), with the request's own query appended; null when the path does not decompress.
 */
export function expandCompressedDigitalLink(path: string, rawQuery = ''): string | null {
  const segments = path.replace(/^\/+/, '').replace(/\/$/, '').split('/');
  const last = segments[segments.length - 1] ?? '';
  const decompressed = decompressDigitalLink(last);
  if (!decompressed.ok) return null;
  let elements = decompressed.value.elements;
  const key = segments[segments.length - 3];
  const keyValue = segments[segments.length - 2];
  if (key !== undefined && keyValue !== undefined && aiDefinition(key)?.role === 'primary') {
    const value = percentDecode(keyValue);
    if (!value.ok) return null;
    elements = [[key, value.value], ...elements];
  }
  const uncompressed = uncompressedPathAndQuery({ elements, params: decompressed.value.params });
  if (!uncompressed.ok) return null;
  if (rawQuery === '') return uncompressed.value;
  return `${uncompressed.value}${uncompressed.value.includes('?') ? '&' : '?'}${rawQuery}`;
}
