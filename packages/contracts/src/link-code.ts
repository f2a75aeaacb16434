import { PRIMARY_KEY_AIS } from '@waymark/gs1';
import { z } from 'zod';

/** Custom codes: at most 64 characters from the URL-safe set `[A-Za-z0-9_-]` (no escaping needed anywhere). */
export const CUSTOM_CODE_MAX_LENGTH = 64;
export const CUSTOM_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Codes that would shadow routes of the redirector or the gateway on a branded domain. Compared
 * case-insensitively. Entries with `.` can never pass the safe set; they are listed so the rule is complete.
 */
export const RESERVED_CODES: readonly string[] = [
  'v1',
  'admin',
  'api',
  'static',
  'healthz',
  'readyz',
  'metrics',
  '.well-known',
  'favicon.ico',
  'robots.txt',
];

/**
 * GS1 primary-key AIs that can open a Digital Link path (`/01/...`, `/414/...`), as `@waymark/gs1` reads them from
 * GS1's syntax dictionary: a code equal to one would collide with GS1 resolution on the same domain. Paths like
 * `01/...` cannot be custom codes anyway (`/` is outside the safe set).
 */
export const GS1_PRIMARY_KEY_AIS: readonly string[] = PRIMARY_KEY_AIS;

const reserved = new Set(RESERVED_CODES.map((c) => c.toLowerCase()));

/** Why a custom code is refused, or null when it is acceptable. Auto-generated codes obey the same rule. */
export function customCodeIssue(code: string): string | null {
  if (code.length === 0) return 'must not be empty';
  if (code.length > CUSTOM_CODE_MAX_LENGTH) return `must be at most ${CUSTOM_CODE_MAX_LENGTH} characters`;
  if (!CUSTOM_CODE_PATTERN.test(code)) return 'may contain only A-Z, a-z, 0-9, "_" and "-"';
  if (reserved.has(code.toLowerCase())) return `"${code}" is reserved`;
  if (GS1_PRIMARY_KEY_AIS.includes(code)) return `"${code}" is a GS1 primary-key AI and would shadow GS1 Digital Links`;
  // A bare 8-14 digit code reads as a GTIN (or GLN/SSCC fragment) and invites confusion with GS1 keys.
  if (/^\d{8,14}$/.test(code)) return 'an all-digit code of 8 to 14 digits looks like a GS1 key and is reserved';
  return null;
}

export const CustomCode = z.string().superRefine((code, ctx) => {
  const problem = customCodeIssue(code);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * A code as it appears in responses and path parameters: a short code, or the derived path of a GS1 Digital
 * Link (`01/<gtin14>/10/<batch>`), so it is wider than a custom code.
 */
export const LinkCode = z.string().min(1).max(512);
