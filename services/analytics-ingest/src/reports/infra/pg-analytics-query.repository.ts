import type { Pool } from 'pg';
import type { AnalyticsQueryPort, BucketRow, DimensionRow, LinkRow, Scope, VisitorSketch } from '../app/reports-ports';
import type { Granularity, RangePlan } from '../domain/time-range';

const COUNTS_FACTS = `count(*) FILTER (WHERE source = 0)::int AS clicks, count(*) FILTER (WHERE source = 1)::int AS scans,
  count(*) FILTER (WHERE human)::int AS humans`;
const COUNTS_ROLLUP = 'sum(clicks)::int AS clicks, sum(scans)::int AS scans, sum(humans)::int AS humans';
const FACT_DIMS = `SELECT d.dim, d.value, count(*) FILTER (WHERE f.source = 0)::int AS clicks,
  count(*) FILTER (WHERE f.source = 1)::int AS scans, count(*) FILTER (WHERE f.human)::int AS humans
  FROM (SELECT source, human, device, browser, os, country, city, referrer %EDGE%) f
  CROSS JOIN LATERAL (VALUES (1, f.device), (2, f.browser), (3, f.os), (4, f.country), (5, f.city), (6, f.referrer),
    (7, CASE f.source WHEN 0 THEN 'click' ELSE 'qr' END)) AS d(dim, value)
  GROUP BY d.dim, d.value`;

/**
 * Reads a RangePlan: whole days from the daily rollups, partial edges from click_fact (partition-pruned by time).
 * Every statement filters by the scope first, so one tenant's numbers can never include another's.
 */
export class PgAnalyticsQueryRepository implements AnalyticsQueryPort {
  constructor(private readonly pool: Pool) {}

  async series(scope: Scope, plan: RangePlan, granularity: Granularity): Promise<BucketRow[]> {
    const rows: BucketRow[] = [];
    if (plan.days) {
      const { sql, params } = this.rollup(scope, plan, 'dim = 0');
      rows.push(
        ...(await this.query<BucketRow>(
          `SELECT day::timestamp AT TIME ZONE 'UTC' AS bucket, ${COUNTS_ROLLUP} ${sql} GROUP BY day`,
          params,
        )),
      );
    }
    for (const edge of this.edges(scope, plan)) {
      const bucket = `date_trunc('${granularity}', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
      rows.push(
        ...(await this.query<BucketRow>(
          `SELECT ${bucket} AS bucket, ${COUNTS_FACTS} ${edge.sql} GROUP BY 1`,
          edge.params,
        )),
      );
    }
    return rows;
  }

  async dimensions(scope: Scope, plan: RangePlan): Promise<DimensionRow[]> {
    const rows: DimensionRow[] = [];
    if (plan.days) {
      const { sql, params } = this.rollup(scope, plan, 'dim > 0');
      rows.push(
        ...(await this.query<DimensionRow>(`SELECT dim, value, ${COUNTS_ROLLUP} ${sql} GROUP BY dim, value`, params)),
      );
    }
    for (const edge of this.edges(scope, plan)) {
      rows.push(...(await this.query<DimensionRow>(FACT_DIMS.replace('%EDGE%', edge.sql), edge.params)));
    }
    return rows;
  }

  /** Per-link counts of a tenant (the tenant-wide "by link" breakdown). */
  async links(tenantId: string, plan: RangePlan): Promise<LinkRow[]> {
    const scope: Scope = { kind: 'tenant', tenantId };
    const parts: string[] = [];
    const params: unknown[] = [tenantId];
    if (plan.days) {
      params.push(plan.days.from, plan.days.to);
      parts.push(`SELECT link_id, clicks, scans, humans FROM link_daily
        WHERE tenant_id = $1 AND dim = 0 AND day >= ($2::timestamptz AT TIME ZONE 'UTC')::date AND day < ($3::timestamptz AT TIME ZONE 'UTC')::date`);
    }
    for (const edge of this.edges(scope, plan, params)) {
      parts.push(`SELECT link_id, (source = 0)::int, (source = 1)::int, human::int ${edge.sql}`);
    }
    if (parts.length === 0) return [];
    return this.query<LinkRow>(
      `SELECT u.link_id AS "linkId", l.domain, l.code, sum(u.clicks)::int AS clicks, sum(u.scans)::int AS scans,
              sum(u.humans)::int AS humans
       FROM (${parts.join(' UNION ALL ')}) AS u(link_id, clicks, scans, humans) JOIN link_ref l ON l.id = u.link_id
       GROUP BY u.link_id, l.domain, l.code`,
      params,
    );
  }

  /** HyperLogLog of human visitors merged over the plan: non-zero registers and the sum of 2^-rank. */
  async visitorSketch(scope: Scope, plan: RangePlan): Promise<VisitorSketch> {
    const parts: string[] = [];
    const params: unknown[] = [scope.kind === 'link' ? scope.linkId : scope.tenantId];
    if (plan.days) {
      params.push(plan.days.from, plan.days.to);
      const table =
        scope.kind === 'link' ? 'link_daily_visitors WHERE link_id = $1' : 'tenant_daily_visitors WHERE tenant_id = $1';
      parts.push(`SELECT reg, rho FROM ${table}
        AND day >= ($2::timestamptz AT TIME ZONE 'UTC')::date AND day < ($3::timestamptz AT TIME ZONE 'UTC')::date`);
    }
    for (const edge of this.edges(scope, plan, params)) parts.push(`SELECT hll_reg, hll_rho ${edge.sql} AND human`);
    if (parts.length === 0) return { nonZero: 0, inverseSum: 0 };
    const [row] = await this.query<VisitorSketch>(
      `SELECT count(*)::int AS "nonZero", coalesce(sum(power(2::float8, -m)), 0)::float8 AS "inverseSum"
       FROM (SELECT reg, max(rho) AS m FROM (${parts.join(' UNION ALL ')}) AS s(reg, rho) GROUP BY reg) g`,
      params,
    );
    return row ?? { nonZero: 0, inverseSum: 0 };
  }

  private rollup(scope: Scope, plan: RangePlan, dimFilter: string): { sql: string; params: unknown[] } {
    const days = plan.days as { from: Date; to: Date };
    const where = scope.kind === 'link' ? 'link_daily WHERE link_id = $1' : 'tenant_daily WHERE tenant_id = $1';
    return {
      sql: `FROM ${where} AND ${dimFilter}
        AND day >= ($2::timestamptz AT TIME ZONE 'UTC')::date AND day < ($3::timestamptz AT TIME ZONE 'UTC')::date`,
      params: [scope.kind === 'link' ? scope.linkId : scope.tenantId, days.from, days.to],
    };
  }

  /** FROM/WHERE of each partial edge over click_fact; appends its bounds to `params` (which starts with the scope id). */
  private edges(scope: Scope, plan: RangePlan, params?: unknown[]): Array<{ sql: string; params: unknown[] }> {
    return plan.edges.map((edge) => {
      const target = params ?? [scope.kind === 'link' ? scope.linkId : scope.tenantId];
      target.push(edge.from, edge.to);
      const n = target.length;
      const filter =
        scope.kind === 'link' ? 'link_id = $1 AND tenant_id = ' + this.tenantParam(scope, target) : 'tenant_id = $1';
      return { sql: `FROM click_fact WHERE ${filter} AND at >= $${n - 1} AND at < $${n}`, params: target };
    });
  }

  private tenantParam(scope: Scope, params: unknown[]): string {
    params.push(scope.tenantId);
    return `$${params.length}`;
  }

  private async query<T>(sql: string, params: unknown[]): Promise<T[]> {
    const result = await this.pool.query(sql, params);
    return result.rows as T[];
  }
}
