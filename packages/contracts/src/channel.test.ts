import { ChannelCreate, ChannelPatch } from './channel';

describe('channel bodies', () => {
  it('discriminates on type: webhook-class and slack take a URL, email an address', () => {
    expect(ChannelCreate.parse({ type: 'webhook', name: 'ops', config: { url: 'https://hooks.example/in' } })).toEqual({
      type: 'webhook',
      name: 'ops',
      enabled: true,
      config: { url: 'https://hooks.example/in' },
    });
    expect(ChannelCreate.safeParse({ type: 'n8n', name: 'n', config: { url: 'https://n8n.example/w' } }).success).toBe(
      true,
    );
    expect(
      ChannelCreate.safeParse({ type: 'email', name: 'me', enabled: false, config: { email: 'a@b.example' } }).success,
    ).toBe(true);
  });

  it('refuses a config that does not fit the type, unknown types and non-http URLs', () => {
    expect(ChannelCreate.safeParse({ type: 'email', name: 'x', config: { url: 'https://a.example' } }).success).toBe(
      false,
    );
    expect(ChannelCreate.safeParse({ type: 'slack', name: 'x', config: { email: 'a@b.example' } }).success).toBe(false);
    expect(ChannelCreate.safeParse({ type: 'sms', name: 'x', config: {} }).success).toBe(false);
    expect(ChannelCreate.safeParse({ type: 'webhook', name: 'x', config: { url: 'ftp://a.example' } }).success).toBe(
      false,
    );
    expect(ChannelCreate.safeParse({ type: 'webhook', name: '', config: { url: 'https://a.example' } }).success).toBe(
      false,
    );
  });

  it('patch takes only enabled and name', () => {
    expect(ChannelPatch.parse({ enabled: false })).toEqual({ enabled: false });
    expect(ChannelPatch.safeParse({ type: 'email' }).success).toBe(false);
  });
});
