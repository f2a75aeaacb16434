import { linkOutcome } from './link-outcome';
import type { LinkEntry } from '../../shared-kernel/link-entry';

const entry = (overrides: Partial<LinkEntry>): LinkEntry => ({
  tenantId: 't',
  domain: 'd',
  code: 'c',
  destination: 'https://x.example/',
  status: 'active',
  title: '',
  tags: {},
  expiresAtMs: null,
  notifyChannels: [],
  createdAt: '2026-01-01T00:00:00Z',
  kind: 'link',
  ...overrides,
});

test('active redirects until expiresAt, then is expired; disabled is unavailable whatever its expiry', () => {
  expect(linkOutcome(entry({}), 1_000)).toBe('redirect');
  expect(linkOutcome(entry({ expiresAtMs: 2_000 }), 1_999)).toBe('redirect');
  expect(linkOutcome(entry({ expiresAtMs: 2_000 }), 2_000)).toBe('expired');
  expect(linkOutcome(entry({ status: 'disabled', expiresAtMs: 0 }), 1_000)).toBe('unavailable');
});
