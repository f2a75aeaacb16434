import { checkWebhookUrl } from './webhook-url-policy';

const policy = { httpAllowedHosts: ['localhost', 'receiver.test:8080'] };

describe('webhook URL rules', () => {
  it('accepts https to a host name, to be checked again when resolved', () => {
    expect(checkWebhookUrl('https://hooks.example.com/x', policy)).toEqual({
      ok: true,
      trusted: false,
      host: 'hooks.example.com',
    });
  });

  it('refuses plain http unless the operator allowlisted the host', () => {
    expect(checkWebhookUrl('http://hooks.example.com/x', policy)).toEqual({ ok: false, reason: 'must use https' });
    expect(checkWebhookUrl('http://localhost:4000/x', policy)).toMatchObject({ ok: true, trusted: true });
    expect(checkWebhookUrl('http://receiver.test:8080/x', policy)).toMatchObject({ ok: true, trusted: true });
    expect(checkWebhookUrl('http://receiver.test:9090/x', policy)).toMatchObject({ ok: false });
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
