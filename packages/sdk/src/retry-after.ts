/**
 * The wait a `Retry-After` header asks for, in milliseconds: delta-seconds or an HTTP date (RFC 9110 section 10.2.3).
 * Undefined when the header is absent or unreadable, so the caller falls back to its own backoff.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
