import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));

  it('round-trips a secret and never stores it in the clear', () => {
    const sealed = box.seal('whsec_abc', 'ch_1');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed, 'ch_1')).toBe('whsec_abc');
  });

  it('refuses a ciphertext moved to another channel, or sealed with another key', () => {
    const sealed = box.seal('whsec_abc', 'ch_1');
    expect(() => box.open(sealed, 'ch_2')).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('base64')).open(sealed, 'ch_1')).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new SecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
