import type { LinkState } from '@waymark/contracts';
import type { LinkRefPort } from './links-ports';

export interface LinkStateRecord {
  key: string;
  value: LinkState | null;
  timestamp: number;
}

/**
 * Follows links.v1 so per-link queries know which codes a tenant has (a link without clicks has zero analytics,
 * an unknown or deleted one is a 404). Records of one key arrive in order, so applying them in order is enough.
 */
export async function applyLinkStates(
  records: LinkStateRecord[],
  links: Pick<LinkRefPort, 'upsertLive' | 'markDeleted'>,
): Promise<void> {
  for (const record of records) {
    if (record.value) {
      const { tenantId, domain, code, createdAt } = record.value;
      await links.upsertLive({ tenantId, domain: domain.toLowerCase(), code, createdAt: new Date(createdAt) });
    } else {
      const slash = record.key.indexOf('/');
      if (slash <= 0) continue;
      await links.markDeleted(
        record.key.slice(0, slash).toLowerCase(),
        record.key.slice(slash + 1),
        new Date(record.timestamp),
      );
    }
  }
}
