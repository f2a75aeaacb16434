import { checkWebhookUrl } from './webhook-url-policy';

const policy = { httpAllowedHosts: ['localhost:4000', 'receiver.test:8080', '127.0.0.1:9000', 'plain.test:80'] };

describe('webhook URL rules', () => {
  it('accepts https to a host name, to be checked again when resolved', () => {
    expect(checkWebhookUrl('https://hooks.example.com/x', policy)).toEqual({
      ok: true,
      trusted: false,
      host: 'hooks.example.com',
      url: 'https://hooks.example.com/x',
    });
  });

  it('refuses plain http unless the operator allowlisted the host', () => {
    expect(checkWebhookUrl('http://hooks.example.com/x', policy)).toEqual({ ok: false, reason: 'must use https' });
    expect(checkWebhookUrl('http://localhost:4000/x', policy)).toMatchObject({ ok: true, trusted: true });
    expect(checkWebhookUrl('http://receiver.test:8080/x', policy)).toMatchObject({ ok: true, trusted: true });
    expect(checkWebhookUrl('http://receiver.test:9090/x', policy)).toMatchObject({ ok: false });
  });

  it('trusts an allowlisted host on its listed port only, the default port when the URL names none', () => {
    expect(checkWebhookUrl('http://127.0.0.1:9001/x', policy)).toEqual({ ok: false, reason: 'must use https' });
    expect(checkWebhookUrl('https://127.0.0.1:9001/x', policy)).toEqual({ ok: false, reason: 'is a loopback address' });
    expect(checkWebhookUrl('http://localhost/x', policy)).toEqual({ ok: false, reason: 'must use https' });
    expect(checkWebhookUrl('http://plain.test/x', policy)).toMatchObject({ ok: true, trusted: true });
  });

  it.each([
    ['https://2130706433/h', 'https://127.0.0.1/h'],
    ['https://0x7f000001/h', 'https://127.0.0.1/h'],
    ['https://0x7f.1/h', 'https://127.0.0.1/h'],
    ['https://0177.0.0.1/h', 'https://127.0.0.1/h'],
    ['https://127.1/h', 'https://127.0.0.1/h'],
    ['https://167772161/h', 'https://10.0.0.1/h'],
  ])('judges the numeric host of %s as the address it is', (url) => {
    expect(checkWebhookUrl(url, policy)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^is a \w+ address$/),
    });
  });

  it('gives back the URL normalised, as it is stored: numeric hosts dotted, host lower case', () => {
    expect(checkWebhookUrl('https://134744072/h', policy)).toMatchObject({
      ok: true,
      host: '8.8.8.8',
      url: 'https://8.8.8.8/h',
    });
    expect(checkWebhookUrl('HTTPS://Hooks.Example.COM', policy)).toMatchObject({ url: 'https://hooks.example.com/' });
    expect(checkWebhookUrl('http://2130706433:9000/h', policy)).toEqual({
      ok: true,
      trusted: true,
      host: '127.0.0.1',
      url: 'http://127.0.0.1:9000/h',
    });
  });

  it.each([
    ['https://127.0.0.1/x', 'is a loopback address'],
    ['https://169.254.169.254/latest/meta-data', 'is a linkLocal address'],
    ['https://10.0.0.1/', 'is a private address'],
    ['https://[::1]/', 'is a loopback address'],
    ['https://[::ffff:a00:1]/', 'is a private address'],
  ])('refuses the address literal %s', (url, reason) => {
    expect(checkWebhookUrl(url, policy)).toEqual({ ok: false, reason });
  });

  it('refuses credentials and other schemes', () => {
    expect(checkWebhookUrl('https://u:p@hooks.example.com/', policy)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('ftp://hooks.example.com/', policy)).toMatchObject({ ok: false });
  });
});
