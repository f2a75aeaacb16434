import { isIPv6 } from 'node:net';

/**
 * The limiter key of a client address: an IPv4 address as it is, an IPv6 address by its /64, which one subscriber
 * usually holds whole (counting each of its addresses apart would give it 2^64 budgets).
 */
export function clientAddressKey(ip: string | undefined): string {
  const address = ip ?? 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return `auth-failures:${mapped[1]}`;
  if (!isIPv6(address)) return `auth-failures:${address}`;
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = address.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `auth-failures:${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
