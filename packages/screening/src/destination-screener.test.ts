import { DomainError } from '@waymark/contracts';
import { createDestinationScreener, type DestinationScreeningOptions } from './destination-screener';

const shortDomains = new Set(['go.acme.test', 'localhost:8081']);

function screener(extra: Partial<DestinationScreeningOptions> = {}) {
  return createDestinationScreener({
    maxLength: 200,
    blockedHosts: ['evil.example', '*.tracker.example'],
    isShortDomain: (host) => shortDomains.has(host),
    ...extra,
  });
}

async function refusal(destination: string, extra: Partial<DestinationScreeningOptions> = {}) {
  const error = await screener(extra)
    .screen(destination)
    .then(
      () => null,
      (e: unknown) => e,
    );
  if (error === null) return null;
  expect(error).toBeInstanceOf(DomainError);
  const domainError = error as DomainError;
  return {
    code: domainError.code,
    status: domainError.status,
    rule: (domainError.details as { rule?: string })?.rule,
    message: domainError.message,
  };
}

describe('destination screening', () => {
  it('lets ordinary public http and https destinations go live', async () => {
    await expect(screener().screen('https://www.example.com/spring?utm=1')).resolves.toBe(
      'https://www.example.com/spring?utm=1',
    );
    await expect(screener().screen('http://93.184.216.34/')).resolves.toBe('http://93.184.216.34/');
    await expect(screener().screen('https://[2606:2800:220:1:248:1893:25c8:1946]/')).resolves.toBe(
      'https://[2606:2800:220:1:248:1893:25c8:1946]/',
    );
  });

  it.each([
    'ftp://files.example.com/a',
    'javascript:alert(1)',
    'data:text/html,hi',
    'file:///etc/passwd',
    'mailto:a@b.example',
  ])('refuses the scheme of %s', async (destination) => {
    expect(await refusal(destination)).toMatchObject({ code: 'destination_rejected', status: 422, rule: 'scheme' });
  });

  it('refuses embedded credentials', async () => {
    expect(await refusal('https://user:secret@example.com/')).toMatchObject({ rule: 'credentials' });
    expect(await refusal('https://user@example.com/')).toMatchObject({ rule: 'credentials' });
    expect(await refusal('https://example.com@evil.example/')).toMatchObject({ rule: 'credentials' });
    expect(await refusal('https://:@example.com/')).toMatchObject({ rule: 'credentials' });
    expect(await refusal('https://@example.com/')).toMatchObject({ rule: 'credentials' });
    expect(await refusal('https:\\\\:@example.com/')).toMatchObject({ rule: 'credentials' });
  });

  it.each([
    ['http://metadata.google.internal/computeMetadata/v1/', /internal name \(internal\)/],
    ['http://printer.local/', /internal name/],
    ['http://router.home.arpa/', /internal name/],
    ['http://vm/', /single-label/],
    ['http://vm./', /single-label/],
    ['http://169.254.169.254.nip.io/', /nip\.io/],
    ['http://10-0-0-1.sslip.io/', /sslip\.io/],
    ['http://app.127.0.0.1.xip.io/', /xip\.io/],
    ['http://10.0.0.1.example.com/', /embeds an inward address/],
    ['http://ec2-10-1-2-3.example.com/', /embeds an inward address/],
  ])('refuses %s as an internal name', async (destination, reason) => {
    const result = await refusal(destination);
    expect(result).toMatchObject({ rule: 'internal_name' });
    expect(result?.message).toMatch(reason);
  });

  it('lets names that only carry public addresses pass', async () => {
    expect(await refusal('https://ec2-3-120-4-5.compute-1.amazonaws.com/')).toBeNull();
  });

  it.each([
    ['http://0177.0.0.1/', /loopback/],
    ['http://0x7f000001/', /loopback/],
    ['http://127.1/', /loopback/],
    ['http://[::ffff:127.0.0.1]/', /loopback/],
    ['http://[::ffff:a9fe:a9fe]/', /metadata/],
    ['http://100.64.0.1/', /carrier-grade/],
    ['http://[fd12:3456::1]/', /unique-local/],
  ])('refuses %s, another spelling of an inward address', async (destination, reason) => {
    const result = await refusal(destination);
    expect(result).toMatchObject({ rule: 'ip_range' });
    expect(result?.message).toMatch(reason);
  });

  it('refuses host labels that mix scripts (homographs) and lets one-script labels pass', async () => {
    expect(await refusal('https://\u0430pple.com/')).toMatchObject({ rule: 'homograph' });
    expect(await refusal('https://xn--pple-43d.com/')).toMatchObject({ rule: 'homograph' });
    await expect(screener().screen('https://\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/')).resolves.toBe(
      'https://xn--e1afmkfd.xn--p1ai/',
    );
    await expect(screener().screen('https://\u65e5\u672c\u8a9ea.jp/')).resolves.toMatch(/^https:\/\/xn--/);
  });

  it('returns the ASCII form to store: punycode host, percent-encoded path and query, backslashes as slashes', async () => {
    await expect(screener().screen('https://example.com/?q=\u65e5\u672c')).resolves.toBe(
      'https://example.com/?q=%E6%97%A5%E6%9C%AC',
    );
    await expect(screener().screen('https://b\u00fccher.example/caf\u00e9 x')).resolves.toBe(
      'https://xn--bcher-kva.example/caf%C3%A9%20x',
    );
    await expect(screener().screen('https:\\\\example.com\\a\\b')).resolves.toBe('https://example.com/a/b');
    await expect(screener().screen('HTTPS://EXAMPLE.COM')).resolves.toBe('https://example.com/');
  });

  it('judges the normalised form against the length limit too', async () => {
    expect(await refusal(`https://example.com/${'\u65e5'.repeat(40)}`)).toMatchObject({ rule: 'length' });
  });

  it('refuses destinations over the length limit', async () => {
    expect(await refusal(`https://example.com/${'a'.repeat(200)}`)).toMatchObject({ rule: 'length' });
  });

  it.each([
    ['http://127.0.0.1/', /loopback/],
    ['http://2130706433/', /loopback/],
    ['http://0x7f.1/', /loopback/],
    ['http://10.1.2.3/', /private/],
    ['http://172.20.0.1:8080/', /private/],
    ['http://192.168.1.1/', /private/],
    ['http://169.254.169.254/latest/meta-data/', /metadata/],
    ['http://100.100.100.200/', /metadata/],
    ['http://169.254.10.1/', /link-local/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://[::1]/', /loopback/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[fd00:ec2::254]/', /metadata/],
    ['http://[fc00::5]/', /unique-local/],
    ['http://[::ffff:10.0.0.1]/', /private/],
    ['http://[2002:c0a8:101::1]/', /private/],
    ['http://localhost:3000/', /loopback/],
    ['http://api.localhost/', /loopback/],
  ])('refuses %s as an inward address', async (destination, reason) => {
    const result = await refusal(destination);
    expect(result).toMatchObject({ rule: 'ip_range' });
    expect(result?.message).toMatch(reason);
  });

  it('refuses links to its own short domains, which would loop', async () => {
    expect(await refusal('https://go.acme.test/abc')).toMatchObject({ rule: 'own_domain' });
    expect(await refusal('https://GO.ACME.TEST./abc')).toMatchObject({ rule: 'own_domain' });
  });

  it('refuses blocklisted hosts and their subdomains, and nothing that merely ends alike', async () => {
    expect(await refusal('https://evil.example/x')).toMatchObject({ rule: 'blocklist' });
    expect(await refusal('https://www.evil.example/x')).toMatchObject({ rule: 'blocklist' });
    expect(await refusal('https://a.b.tracker.example/')).toMatchObject({ rule: 'blocklist' });
    expect(await refusal('https://notevil.example/')).toBeNull();
  });

  it('asks the external screener only when the local rules pass, and reports its verdict', async () => {
    const checked: string[] = [];
    const external = {
      name: 'test-feed',
      check: async (url: string) => (checked.push(url), url.includes('phish') ? 'SOCIAL_ENGINEERING' : null),
    };
    expect(await refusal('https://phish.example/login', { external })).toMatchObject({
      rule: 'external',
      message: expect.stringMatching(/test-feed: SOCIAL_ENGINEERING/),
    });
    expect(await refusal('https://fine.example/', { external })).toBeNull();
    expect(await refusal('http://10.0.0.1/phish', { external })).toMatchObject({ rule: 'ip_range' });
    expect(checked).toEqual(['https://phish.example/login', 'https://fine.example/']);
  });

  it('fails closed with 503 when the external screener cannot answer', async () => {
    const external = { name: 'down-feed', check: async () => Promise.reject(new Error('ECONNREFUSED')) };
    expect(await refusal('https://fine.example/', { external })).toMatchObject({ code: 'unavailable', status: 503 });
  });
});
