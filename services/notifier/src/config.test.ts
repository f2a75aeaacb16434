import { randomBytes } from 'node:crypto';
import { loadConfig } from './config';

const key = () => randomBytes(32).toString('base64');
const base = (extra: Record<string, string> = {}) => ({
  SECRET_ENCRYPTION_KEY: key(),
  MAIL_DIR: '/tmp/notifier-config-test',
  ...extra,
});

describe('notifier configuration: key rotation settings', () => {
  it('has no previous keys and re-seals every 10 minutes by default', () => {
    const config = loadConfig(base());
    expect(config.SECRET_ENCRYPTION_PREVIOUS_KEYS).toEqual([]);
    expect(config.SECRET_RESEAL_INTERVAL).toBe(600_000);
  });

  it('reads previous keys as a comma-separated list, blanks and spaces ignored', () => {
    const [a, b] = [key(), key()];
    expect(
      loadConfig(base({ SECRET_ENCRYPTION_PREVIOUS_KEYS: ` ${a} ,, ${b},` })).SECRET_ENCRYPTION_PREVIOUS_KEYS,
    ).toEqual([a, b]);
    expect(loadConfig(base({ SECRET_ENCRYPTION_PREVIOUS_KEYS: '' })).SECRET_ENCRYPTION_PREVIOUS_KEYS).toEqual([]);
  });

  it('refuses a previous key that is not 32 bytes, naming its position and never echoing it', () => {
    const short = randomBytes(16).toString('base64');
    let message = '';
    try {
      loadConfig(base({ SECRET_ENCRYPTION_PREVIOUS_KEYS: `${key()},${short}` }));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SECRET_ENCRYPTION_PREVIOUS_KEYS\.1: must be 32 bytes/);
    expect(message).not.toContain(short);
  });

  it('bounds the re-sealing interval between 1 s and 24 h', () => {
    expect(loadConfig(base({ SECRET_RESEAL_INTERVAL: '30s' })).SECRET_RESEAL_INTERVAL).toBe(30_000);
    expect(() => loadConfig(base({ SECRET_RESEAL_INTERVAL: '0s' }))).toThrow(
      /SECRET_RESEAL_INTERVAL: must be at least 1s/,
    );
    expect(() => loadConfig(base({ SECRET_RESEAL_INTERVAL: '30d' }))).toThrow(
      /SECRET_RESEAL_INTERVAL: must be at most 24h/,
    );
    expect(() => loadConfig(base({ SECRET_RESEAL_INTERVAL: 'often' }))).toThrow(/SECRET_RESEAL_INTERVAL/);
  });
});

describe('notifier configuration: plain-http webhook allowlist', () => {
  it('takes host:port entries, written as URLs write hosts (numeric IPv4 forms dotted, lower case)', () => {
    const config = loadConfig(
      base({ WEBHOOK_HTTP_ALLOWED_HOSTS: ' 127.0.0.1:9000, Receiver.Test:8080,2130706433:9001,127.1:80,[::1]:9002' }),
    );
    expect(config.WEBHOOK_HTTP_ALLOWED_HOSTS).toEqual([
      '127.0.0.1:9000',
      'receiver.test:8080',
      '127.0.0.1:9001',
      '127.0.0.1:80',
      '[::1]:9002',
    ]);
    expect(loadConfig(base()).WEBHOOK_HTTP_ALLOWED_HOSTS).toEqual([]);
  });

  it.each(['127.0.0.1', 'localhost', '127.0.0.1:9000,localhost', '::1', 'localhost:0', 'localhost:70000', 'a/b:80'])(
    'refuses %j, naming the variable: a bare host would open every port of it',
    (value) => {
      expect(() => loadConfig(base({ WEBHOOK_HTTP_ALLOWED_HOSTS: value }))).toThrow(/WEBHOOK_HTTP_ALLOWED_HOSTS/);
    },
  );

  it('says why a bare host is refused', () => {
    expect(() => loadConfig(base({ WEBHOOK_HTTP_ALLOWED_HOSTS: '127.0.0.1' }))).toThrow(
      /WEBHOOK_HTTP_ALLOWED_HOSTS\.0: "127\.0\.0\.1" is not host:port \(a bare host would open every port/,
    );
  });
});

describe('notifier configuration: the client address', () => {
  it('trusts one proxy (the gateway) for X-Forwarded-For by default, as every API service does, and more when told', () => {
    expect(loadConfig(base()).TRUST_PROXY).toBe(1);
    expect(loadConfig(base({ TRUST_PROXY: '2' })).TRUST_PROXY).toBe(2);
    expect(() => loadConfig(base({ TRUST_PROXY: 'all' }))).toThrow(/TRUST_PROXY/);
  });
});
