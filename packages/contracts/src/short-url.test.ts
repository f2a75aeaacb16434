import { scanUrlOf, shortUrlOf, shortUrlOriginOf, shortUrlSchemeOf } from './short-url';

describe('a short URL is decided by its domain alone', () => {
  it('serves branded domains over https', () => {
    for (const domain of ['go.acme.test', 'acme.link', 'localhost.example', 'mylocalhost', 'a:b.example'])
      expect(shortUrlSchemeOf(domain)).toBe('https');
    expect(shortUrlOf('go.acme.test', 'spring')).toBe('https://go.acme.test/spring');
    expect(shortUrlOf('go.acme.test', '01/09506000134352/10/ABC1')).toBe(
      'https://go.acme.test/01/09506000134352/10/ABC1',
    );
  });

  it('serves local fronts (an explicit port, a localhost name) over plain http', () => {
    for (const domain of ['localhost:8081', 'localhost', 'app.localhost', 'go.acme.test:8443', '127.0.0.1:8081'])
      expect(shortUrlSchemeOf(domain)).toBe('http');
    expect(shortUrlOriginOf('localhost:8081')).toBe('http://localhost:8081');
    expect(scanUrlOf('localhost:8081', 'hello')).toBe('http://localhost:8081/hello?s=q');
  });

  it('does not mistake a trailing colon or digits without a colon for a port', () => {
    expect(shortUrlSchemeOf('go.acme.test:')).toBe('https');
    expect(shortUrlSchemeOf('web3.example')).toBe('https');
    expect(shortUrlSchemeOf('8081')).toBe('https');
  });
});
