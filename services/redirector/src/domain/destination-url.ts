/**
 * The destination with the visitor's query appended: after the destination's own query (`&`), before its
 * fragment. The visitor's parameters are appended as sent (not re-encoded), so what the destination receives
 * is what the visitor's client sent, minus the scan marker.
 */
export function withPassthroughQuery(destination: string, passthrough: string): string {
  if (passthrough === '') return destination;
  const hash = destination.indexOf('#');
  const base = hash < 0 ? destination : destination.slice(0, hash);
  const fragment = hash < 0 ? '' : destination.slice(hash);
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${joiner}${passthrough}${fragment}`;
}
