import { isLoopbackUrl } from './embedded-state';

describe('which API URLs count as this machine', () => {
  it.each([
    'http://127.0.0.1:8000',
    'http://127.3.2.1',
    'http://localhost:8000',
    'http://[::1]:8000',
    'https://LOCALHOST',
  ])('accepts %s', (url) => expect(isLoopbackUrl(url)).toBe(true));

  it.each([
    'http://198.51.100.7:8000',
    'http://localhost.evil.example',
    'http://127.0.0.1.evil.example',
    'http://0.0.0.0:8000',
    'http://user:pass@127.0.0.1',
    'ftp://127.0.0.1',
    'not a url',
  ])('refuses %s', (url) => expect(isLoopbackUrl(url)).toBe(false));
});
