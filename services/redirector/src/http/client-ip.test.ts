import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import { clientIpResolver, memoizedTrust } from './client-ip';

const request = (peer: string, forwardedFor?: string): IncomingMessage =>
  ({
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

test('X-Forwarded-For is walked back only through trusted hops, as proxy-addr walks it', () => {
  const trusted = ['loopback', '10.0.0.0/8'];
  const resolve = clientIpResolver(trusted);
  const reference = proxyaddr.compile(trusted);
  const cases: [string, string | undefined][] = [
    ['127.0.0.1', '203.0.113.7'],
    ['127.0.0.1', '198.51.100.1, 10.1.2.3'],
    ['127.0.0.1', '198.51.100.1, 203.0.113.7'],
    ['203.0.113.9', '198.51.100.1'],
    ['::ffff:127.0.0.1', '203.0.113.7'],
    ['::1', 'not-an-address, 10.0.0.1'],
    ['127.0.0.1', undefined],
    ['::ffff:203.0.113.9', undefined],
  ];
  for (const [peer, chain] of cases) {
    // Twice: the second answer comes from the memory of trusted addresses.
    for (let i = 0; i < 2; i += 1)
      expect(resolve(request(peer, chain))).toBe(proxyaddr(request(peer, chain), reference).replace(/^::ffff:/, ''));
  }
  expect(clientIpResolver([])(request('::ffff:203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
});

test('the trust of an address is worked out once, and the memory of addresses stays bounded', () => {
  const asked: string[] = [];
  const trust = memoizedTrust((address) => {
    asked.push(address);
    return address === '127.0.0.1';
  }, 3);
  for (let i = 0; i < 5; i += 1) expect(trust('127.0.0.1', 0)).toBe(true);
  expect(trust('203.0.113.7', 1)).toBe(false);
  expect(asked).toEqual(['127.0.0.1', '203.0.113.7']);
  for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) trust(address, 1);
  // The memory started again once full: the gateway's address is asked about again, once.
  trust('127.0.0.1', 0);
  trust('127.0.0.1', 0);
  expect(asked.filter((a) => a === '127.0.0.1')).toHaveLength(2);
});
