import type { LinkActivity } from '@waymark/contracts';

/** A link-activity.v1 value with only what lastClickAt reads: `go.example/<code>` clicked at `ts` (tenant t1). */
export const linkActivity = (code: string, ts: number, extra: Partial<LinkActivity> = {}): LinkActivity => ({
  version: 1,
  eventId: `${code}@${ts}`,
  tenantId: 't1',
  domain: 'go.example',
  code,
  linkCreatedAt: '2025-01-01T00:00:00.000Z',
  lastClickAt: new Date(ts).toISOString(),
  ...extra,
});
