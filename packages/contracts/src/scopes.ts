import { z } from 'zod';

/** API key scopes (spec section 5). A key carries a subset; each endpoint requires one. */
export const SCOPES = [
  'links:read',
  'links:write',
  'analytics',
  'analytics:read',
  'qr',
  'notifications:read',
  'notifications:write',
  'gs1:read',
  'gs1:write',
] as const;

export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;
