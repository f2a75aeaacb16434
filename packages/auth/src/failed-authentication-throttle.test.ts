import type { Request } from 'express';
import { MemoryRateLimiter } from '@waymark/cache';
import { DomainError } from '@waymark/contracts';
import { clientAddressKey } from './client-address';
import { refuseKnownCredential } from './credential-refusal';
import { FAILED_AUTHENTICATION_POLICY, throttleFailedAuthentication } from './failed-authentication-throttle';

const GOOD = 'wm_live_good';
const REVOKED = 'wm_live_revoked';

function setup() {
  let now = Date.parse('2030-06-01T12:00:00Z');
  const throttled = throttleFailedAuthentication(
    {
      async authenticate(req) {
        if (req.header('x-api-key') === REVOKED) throw refuseKnownCredential('API key has been revoked');
        if (req.header('x-api-key') !== GOOD) throw new DomainError('unauthorized', 'Invalid API key');
        return { tenantId: 't1' };
      },
    },
    { rateLimiter: new MemoryRateLimiter({ clock: () => now }) },
  );
  const attempt = async (key: string, ip = '203.0.113.9') => {
    const headers: Record<string, string> = {};
    const req = { ip, header: () => key, res: { setHeader: (n: string, v: string) => (headers[n] = v) } };
    try {
      await throttled.authenticate(req as unknown as Request, 'api_key', []);
      return { code: 'ok', headers };
    } catch (error) {
      return { code: (error as DomainError).code, headers };
    }
  };
  return { attempt, advance: (ms: number) => (now += ms) };
}

describe('throttling failed authentication per client address', () => {
  it('answers 401 up to the burst, then 429 with Retry-After, and lets one more through after the interval', async () => {
    const { attempt, advance } = setup();
    const burst = FAILED_AUTHENTICATION_POLICY.burst!;
    const codes: string[] = [];
    for (let i = 0; i < burst + 5; i++) codes.push((await attempt('wm_live_wrong')).code);
    expect(codes).toEqual([...Array(burst).fill('unauthorized'), ...Array(5).fill('rate_limited')]);
    const interval = FAILED_AUTHENTICATION_POLICY.windowMs / FAILED_AUTHENTICATION_POLICY.limit;
    expect((await attempt('wm_live_wrong')).headers['Retry-After']).toBe(String(Math.ceil(interval / 1000)));
    advance(interval);
    expect((await attempt('wm_live_wrong')).code).toBe('unauthorized');
    expect((await attempt('wm_live_wrong')).code).toBe('rate_limited');
  });

  it('never refuses a good key from the throttled address, and throttles each address on its own', async () => {
    const { attempt } = setup();
    for (let i = 0; i <= FAILED_AUTHENTICATION_POLICY.burst!; i++) await attempt('wm_live_wrong');
    expect((await attempt('wm_live_wrong')).code).toBe('rate_limited');
    expect((await attempt(GOOD)).code).toBe('ok');
    expect((await attempt('wm_live_wrong', '198.51.100.4')).code).toBe('unauthorized');
  });

  it('answers a revoked key 401 every time without spending the budget guesses are counted against', async () => {
    const { attempt } = setup();
    const burst = FAILED_AUTHENTICATION_POLICY.burst!;
    for (let i = 0; i < burst * 2; i++) expect((await attempt(REVOKED)).code).toBe('unauthorized');
    const codes: string[] = [];
    for (let i = 0; i <= burst; i++) codes.push((await attempt('wm_live_wrong')).code);
    expect(codes).toEqual([...Array(burst).fill('unauthorized'), 'rate_limited']);
    expect((await attempt(REVOKED)).code).toBe('unauthorized');
  });

  it('counts an IPv6 subscriber by its /64 and an IPv4-mapped address as the IPv4 one', () => {
    expect(clientAddressKey('2001:db8:0:1::7')).toBe(clientAddressKey('2001:0db8:0000:0001:ffff::1'));
    expect(clientAddressKey('2001:db8:0:1::7')).not.toBe(clientAddressKey('2001:db8:0:2::7'));
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe(clientAddressKey('203.0.113.9'));
    expect(clientAddressKey('::1')).toBe('auth-failures:0:0:0:0::/64');
  });
});
