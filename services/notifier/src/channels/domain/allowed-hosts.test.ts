import { allowedHostKey, allowlistNotice, parseAllowedHost } from './allowed-hosts';

describe('webhook allowlist entries', () => {
  it('normalises the host of a host:port entry as WHATWG URL does', () => {
    expect(parseAllowedHost('0x7f.1:9000')).toEqual({ ok: true, entry: '127.0.0.1:9000' });
    expect(parseAllowedHost('[0:0::1]:09000')).toEqual({ ok: true, entry: '[::1]:9000' });
    expect(parseAllowedHost('bücher.test:80')).toEqual({ ok: true, entry: 'xn--bcher-kva.test:80' });
  });

  it('refuses a bare host, a port out of range and anything that is more than host:port', () => {
    for (const entry of ['127.0.0.1', 'localhost:', 'localhost:0', 'localhost:65536', 'u@h:80', 'h:80/x', ' :80']) {
      expect(parseAllowedHost(entry)).toMatchObject({ ok: false });
    }
  });

  it("keys a URL by its host and port, the scheme's default port when it names none", () => {
    expect(allowedHostKey(new URL('http://2130706433/x'))).toBe('127.0.0.1:80');
    expect(allowedHostKey(new URL('https://h.test/x'))).toBe('h.test:443');
    expect(allowedHostKey(new URL('http://[::1]:9000/x'))).toBe('[::1]:9000');
  });

  it('says at start-up what the allowlist opens', () => {
    expect(allowlistNotice(['127.0.0.1:9000'])).toMatch(/opens 127\.0\.0\.1:9000 to every tenant's webhooks/);
    expect(allowlistNotice([])).toMatch(/public addresses over https only/);
  });
});
