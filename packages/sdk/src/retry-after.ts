/**
 * The wait a `Retry-After` header asks for, in milliseconds: delta-seconds or an HTTP date (RFC 9110 section 10.2.3).
 * Undefined when the header is absent or unreadable, so the caller falls back to its own backoff.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month in letters; Date.parse alone would take '-1' for a year.
  const at = /[A-Za-z]/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
