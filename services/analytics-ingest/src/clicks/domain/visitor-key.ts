import { createHmac } from 'node:crypto';

/**
 * The unique-visitor key: 64 bits of HMAC-SHA256(salt, ip + "\n" + user agent). The salt never leaves the service,
 * so the key cannot be reversed to an address by someone holding the table; one salt per deployment keeps
 * visitors stable across days and restarts.
 */
export function visitorKey(salt: string, ip: string, ua: string): bigint {
  return createHmac('sha256', salt).update(`${ip}\n${ua}`).digest().readBigInt64BE(0);
}
