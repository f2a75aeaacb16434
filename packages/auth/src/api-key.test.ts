import { createHash } from 'node:crypto';
import { API_KEY_PREFIX, DISPLAY_PREFIX_LENGTH, generateApiKey, hashApiKey, isWellFormedApiKey } from './api-key';

describe('API keys', () => {
  it('are prefixed, random, well formed and identified by their SHA-256 only', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(a.key).not.toBe(b.key);
    expect(isWellFormedApiKey(a.key)).toBe(true);
    expect(a.hash).toBe(createHash('sha256').update(a.key).digest('hex'));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.displayPrefix).toBe(a.key.slice(0, DISPLAY_PREFIX_LENGTH));
  });

  it('hashes the same key to the same digest', () => {
    expect(hashApiKey('wm_live_x')).toBe(hashApiKey('wm_live_x'));
  });

  it('refuses shapes that cannot be a key', () => {
    expect(isWellFormedApiKey('')).toBe(false);
    expect(isWellFormedApiKey('wm_live_short')).toBe(false);
    expect(isWellFormedApiKey(`wm_test_${'a'.repeat(32)}`)).toBe(false);
    expect(isWellFormedApiKey(`wm_live_${'a'.repeat(31)}!`)).toBe(false);
  });
});
