import type { DeliveryErrorKind } from '@waymark/contracts';

const TIMEOUT = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
  'ETIMEOUT',
  'ESOCKETTIMEDOUT',
]);
const REFUSED = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'ECONNECTION',
]);
const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENODATA', 'ESERVFAIL', 'ENOTIMP', 'EREFUSED', 'EDNS']);

/** What went wrong with an attempt that got no HTTP status, for the delivery log (timeout/refused/TLS/DNS...). */
export function errorKindOf(error: unknown): DeliveryErrorKind {
  const { code, name, cause } = (error ?? {}) as { code?: unknown; name?: unknown; cause?: unknown };
  if (code === 'EWEBHOOKBLOCKED') return 'blocked';
  if (name === 'TimeoutError' || name === 'AbortError' || (typeof code === 'string' && TIMEOUT.has(code)))
    return 'timeout';
  if (typeof code === 'string') {
    if (REFUSED.has(code)) return 'refused';
    if (DNS.has(code)) return 'dns';
    if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
      return 'tls';
  }
  if (cause && cause !== error) return errorKindOf(cause);
  return 'other';
}
