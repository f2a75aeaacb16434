import { z } from 'zod';
import { NO_CONTROL_CHARS } from './common';

/**
 * Link tags: at most 25 key/value pairs. A key is 1-64 characters without `:` (the `tag=key:value` filter splits
 * at the first colon), without control characters and without surrounding spaces; a value is at most 256
 * characters without control characters (empty allowed).
 */
export const LINK_TAGS_MAX = 25;
export const TAG_KEY_MAX_LENGTH = 64;
export const TAG_VALUE_MAX_LENGTH = 256;

export const TagKey = z
  .string()
  .min(1)
  .max(TAG_KEY_MAX_LENGTH)
  .regex(NO_CONTROL_CHARS, 'must not contain control characters')
  .refine((k) => !k.includes(':'), 'must not contain ":"')
  .refine((k) => k.trim() === k, 'must not start or end with spaces');

export const TagValue = z
  .string()
  .max(TAG_VALUE_MAX_LENGTH)
  .regex(NO_CONTROL_CHARS, 'must not contain control characters');

export const LinkTags = z
  .record(TagKey, TagValue)
  .refine((tags) => Object.keys(tags).length <= LINK_TAGS_MAX, `at most ${LINK_TAGS_MAX} tags`);
export type LinkTags = z.infer<typeof LinkTags>;

/** The `tag` list filter: `key:value`, split at the first colon. */
export const TagFilter = z
  .string()
  .max(TAG_KEY_MAX_LENGTH + 1 + TAG_VALUE_MAX_LENGTH)
  .regex(/^[^:]+:/, 'must be key:value')
  .transform((s) => {
    const i = s.indexOf(':');
    return { key: s.slice(0, i), value: s.slice(i + 1) };
  });
