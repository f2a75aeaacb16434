import type { Pool } from 'pg';
import type { LinkRecord } from '../domain/link-record';
import { LINK_COLUMNS, toRecord, type LinkRowFields } from './link-row.mapper';

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
        ? await this.pool.query<LinkRowFields>({
            name: 'link-by-code',
            text: `SELECT ${LINK_COLUMNS} FROM "link" WHERE "tenant_id" = $1 AND "code" = $2 LIMIT 50`,
            values: [tenantId, code],
          })
        : await this.pool.query<LinkRowFields>({
            name: 'link-by-domain-code',
            text: `SELECT ${LINK_COLUMNS} FROM "link" WHERE "tenant_id" = $1 AND "code" = $2 AND "domain" = $3`,
            values: [tenantId, code, domain],
          });
    return result.rows.map(toRecord);
  }
}
