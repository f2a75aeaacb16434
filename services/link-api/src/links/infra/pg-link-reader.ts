import type { Pool } from 'pg';
import type { LinkStatus } from '@waymark/contracts';
import type { LinkRecord } from '../domain/link-record';

interface LinkRow {
  id: string;
  tenant_id: string;
  domain: string;
  code: string;
  destination: string;
  status: string;
  title: string;
  tags: Record<string, string>;
  expires_at: Date | null;
  last_click_at: Date | null;
  notify_channels: string[] | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  '"id", "tenant_id", "domain", "code", "destination", "status", "title", "tags", "expires_at", "last_click_at", "notify_channels", "created_at", "updated_at"';

/**
 * The hot read of the API (GET /v1/links/{code}, the QR endpoint, the start of every PATCH and DELETE) on plain pg
 * with named prepared statements: each connection parses and plans them once, and no query is built per request.
 * Profiling showed Prisma's findMany (query compilation, result shaping) as the largest cost of that request after
 * the network; writes stay on Prisma. The pool resolves names through the service's search_path.
 */
export class PgLinkReader {
  constructor(private readonly pool: Pool) {}

  async findByCode(tenantId: string, code: string, domain?: string): Promise<LinkRecord[]> {
    const result =
      domain === undefined
        ? await this.pool.query<LinkRow>({
            name: 'link-by-code',
            text: `SELECT ${COLUMNS} FROM "link" WHERE "tenant_id" = $1 AND "code" = $2 LIMIT 50`,
            values: [tenantId, code],
          })
        : await this.pool.query<LinkRow>({
            name: 'link-by-domain-code',
            text: `SELECT ${COLUMNS} FROM "link" WHERE "tenant_id" = $1 AND "code" = $2 AND "domain" = $3`,
            values: [tenantId, code, domain],
          });
    return result.rows.map(toRecord);
  }
}

function toRecord(row: LinkRow): LinkRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    domain: row.domain,
    code: row.code,
    destination: row.destination,
    status: row.status as LinkStatus,
    title: row.title,
    tags: row.tags,
    expiresAt: row.expires_at,
    lastClickAt: row.last_click_at,
    notifyChannels: row.notify_channels ?? [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
