import { randomBytes } from 'node:crypto';
import { sealLegacyV1 } from '../../../test/support/legacy-secret';
import { SecretBox } from './secret-box';

const newKey = () => randomBytes(32).toString('base64');

describe('SecretBox', () => {
  const key = newKey();
  const box = new SecretBox(key);

  it('round-trips a secret and never stores it in the clear', () => {
    const sealed = box.seal('whsec_abc', 'ch_1');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed, 'ch_1')).toBe('whsec_abc');
  });

  it('writes the current key id into what it seals, and says so', () => {
    const sealed = box.seal('whsec_abc', 'ch_1');
    expect(sealed.startsWith(`v2.${box.currentKeyId}.`)).toBe(true);
    expect(box.currentKeyId).toMatch(/^[0-9a-f]{16}$/);
    expect(box.isSealedWithCurrentKey(sealed)).toBe(true);
    expect(new SecretBox(newKey(), [key]).isSealedWithCurrentKey(sealed)).toBe(false);
  });

  it('the key id is a fingerprint of the key: the same key gives the same id, another key another', () => {
    expect(new SecretBox(key).currentKeyId).toBe(box.currentKeyId);
    expect(new SecretBox(newKey()).currentKeyId).not.toBe(box.currentKeyId);
  });

  it('refuses a ciphertext moved to another channel, or sealed with another key', () => {
    const sealed = box.seal('whsec_abc', 'ch_1');
    expect(() => box.open(sealed, 'ch_2')).toThrow();
    expect(() => new SecretBox(newKey()).open(sealed, 'ch_1')).toThrow(
      /sealed with key [0-9a-f]{16}, which is neither/,
    );
  });

  it('after a rotation opens what the previous keys sealed, and seals only with the new key', () => {
    const older = newKey();
    const sealedOlder = new SecretBox(older).seal('whsec_older', 'ch_1');
    const sealedOld = box.seal('whsec_old', 'ch_2');
    const rotated = new SecretBox(newKey(), [key, older]);
    expect(rotated.open(sealedOld, 'ch_2')).toBe('whsec_old');
    expect(rotated.open(sealedOlder, 'ch_1')).toBe('whsec_older');
    const resealed = rotated.seal('whsec_old', 'ch_2');
    expect(rotated.isSealedWithCurrentKey(resealed)).toBe(true);
    expect(() => box.open(resealed, 'ch_2')).toThrow();
  });

  it('opens v1 secrets (no key id) with whichever configured key sealed them, for their channel only', () => {
    const older = newKey();
    const legacy = sealLegacyV1(older, 'whsec_legacy', 'ch_9');
    expect(new SecretBox(older).open(legacy, 'ch_9')).toBe('whsec_legacy');
    const rotated = new SecretBox(newKey(), [key, older]);
    expect(rotated.open(legacy, 'ch_9')).toBe('whsec_legacy');
    expect(rotated.isSealedWithCurrentKey(legacy)).toBe(false);
    expect(() => rotated.open(legacy, 'ch_8')).toThrow(/none of the configured keys/);
    expect(() => box.open(legacy, 'ch_9')).toThrow(/none of the configured keys/);
  });

  it('refuses malformed sealed values with a clear error', () => {
    expect(() => box.open('whsec_in_the_clear', 'ch_1')).toThrow(/unknown sealed secret format/);
    expect(() => box.open(`v2.${box.currentKeyId}.AAAA`, 'ch_1')).toThrow(/truncated/);
    expect(() => box.open('v3.x.y', 'ch_1')).toThrow(/unknown sealed secret format/);
  });

  it('refuses a key that is not 32 bytes, current or previous', () => {
    expect(() => new SecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    expect(() => new SecretBox(key, [randomBytes(31).toString('base64')])).toThrow(/32 bytes/);
  });

  it('ignores the current key listed again among the previous ones', () => {
    const sealed = box.seal('whsec_abc', 'ch_1');
    expect(new SecretBox(key, [key]).open(sealed, 'ch_1')).toBe('whsec_abc');
  });
});
