import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signingKeyOf, signWebhook, webhookHeaders } from './webhook-signature';

describe('webhook signature', () => {
  it('reproduces the Standard Webhooks reference test vector', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const signature = signWebhook(
      signingKeyOf(secret),
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    );
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('makes secrets of 32 random bytes that the standardwebhooks package verifies with', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(signingKeyOf(secret)).toHaveLength(32);
    const body = JSON.stringify({ event: 'click', code: 'abc' });
    const headers = webhookHeaders(signingKeyOf(secret), 'evt_1', new Date(), body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('a body changed by one byte no longer verifies', () => {
    const secret = newSigningSecret();
    const headers = webhookHeaders(signingKeyOf(secret), 'evt_1', new Date(), '{"a":1}');
    expect(() => new Webhook(secret).verify('{"a":2}', { ...headers })).toThrow();
  });
});

describe('webhook signature during a secret rotation', () => {
  it('carries one signature per secret, the new one first, and either secret verifies it', () => {
    const [next, previous, stranger] = [newSigningSecret(), newSigningSecret(), newSigningSecret()];
    const body = JSON.stringify({ event: 'click', code: 'abc' });
    const headers = webhookHeaders([signingKeyOf(next), signingKeyOf(previous)], 'evt_1', new Date(), body);
    const timestamp = Number(headers['webhook-timestamp']);
    expect(headers['webhook-signature']).toBe(
      `${signWebhook(signingKeyOf(next), 'evt_1', timestamp, body)} ${signWebhook(signingKeyOf(previous), 'evt_1', timestamp, body)}`,
    );
    expect(new Webhook(next).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(stranger).verify(body, { ...headers })).toThrow();
  });
});
