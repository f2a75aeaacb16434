import { createHash, randomBytes } from 'node:crypto';

/** Every key starts with this, so secret scanners (and people) recognise a leaked Waymark key. */
export const API_KEY_PREFIX = 'wm_live_';

/** Characters of a key shown in listings: the prefix plus four random characters, never enough to guess the rest. */
export const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

/** 24 random bytes (192 bits) in base64url: 32 characters after the prefix. */
const RANDOM_BYTES = 24;

const API_KEY_SHAPE = /^wm_live_[A-Za-z0-9_-]{32}$/;

export interface GeneratedApiKey {
  /** The key itself: shown to the operator once, never stored. */
  key: string;
  /** Lower-case SHA-256 hex of the key: what is stored and what travels on identity.v1. */
  hash: string;
  /** What listings show to tell keys apart. */
  displayPrefix: string;
}

export function generateApiKey(): GeneratedApiKey {
  const key = API_KEY_PREFIX + randomBytes(RANDOM_BYTES).toString('base64url');
  return { key, hash: hashApiKey(key), displayPrefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/**
 * A fast hash is enough here: keys carry 192 random bits, so there is nothing to brute-force that a slow hash
 * would protect, and every authenticated request hashes once.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Cheap shape check before hashing, so garbage never reaches a lookup or a log line. */
export function isWellFormedApiKey(candidate: string): boolean {
  return API_KEY_SHAPE.test(candidate);
}
