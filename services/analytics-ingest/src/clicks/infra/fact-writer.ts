import type { Pool } from 'pg';
import { SOURCES } from '../domain/dimensions';
import type { StoredFact } from '../app/clicks-ports';

/**
 * One statement per batch: the facts go in as arrays (unnest, COPY-like: one round trip, one plan) with
 * ON CONFLICT DO NOTHING on (event_id, at), and only the rows that were really inserted feed the rollups and the
 * links' activity (link_activity) in the same statement. A redelivered event therefore changes nothing, even across instances and restarts.
 * Rollup rows are written in key order so concurrent batches do not deadlock.
 */
export const INGEST_SQL = `
WITH input AS (
  SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::int[], $5::smallint[], $6::boolean[],
    $7::boolean[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::bigint[],
    $15::smallint[], $16::smallint[], $17::inet[])
  AS t(at, event_id, tenant_id, link_id, source, human, head, device, browser, os, country, city, referrer,
       visitor, hll_reg, hll_rho, ip)
),
ins AS (
  INSERT INTO click_fact SELECT * FROM input ON CONFLICT DO NOTHING
  RETURNING tenant_id, link_id, at, (at AT TIME ZONE 'UTC')::date AS day, source, human, head, device, browser, os,
            country, city, referrer, hll_reg, hll_rho
),
link_agg AS (
  SELECT ins.link_id, ins.day, d.dim, d.value, min(ins.tenant_id) AS tenant_id, count(*) FILTER (WHERE source = 0) AS clicks,
         count(*) FILTER (WHERE source = 1) AS scans, count(*) FILTER (WHERE human) AS humans
  FROM ins CROSS JOIN LATERAL (VALUES (0::smallint, ''), (1::smallint, device), (2::smallint, browser), (3::smallint, os),
    (4::smallint, country), (5::smallint, city), (6::smallint, referrer),
    (7::smallint, CASE source WHEN 0 THEN 'click' ELSE 'qr' END)) AS d(dim, value)
  GROUP BY ins.link_id, ins.day, d.dim, d.value
),
link_rollup AS (
  INSERT INTO link_daily AS r (link_id, day, dim, value, tenant_id, clicks, scans, humans)
  SELECT link_id, day, dim, value, tenant_id, clicks, scans, humans FROM link_agg ORDER BY link_id, day, dim, value
  ON CONFLICT (link_id, day, dim, value) DO UPDATE
  SET clicks = r.clicks + excluded.clicks, scans = r.scans + excluded.scans, humans = r.humans + excluded.humans
),
-- A link belongs to one tenant, so the tenant rollup sums the (much smaller) per-link aggregate. Its rows are the
-- writer's stripe's own ($18), so a concurrent statement of another stripe never waits on them.
tenant_rollup AS (
  INSERT INTO tenant_daily AS r (tenant_id, day, dim, value, stripe, clicks, scans, humans)
  SELECT tenant_id, day, dim, value, $18::smallint, sum(clicks), sum(scans), sum(humans)
  FROM link_agg GROUP BY tenant_id, day, dim, value ORDER BY tenant_id, day, dim, value
  ON CONFLICT (tenant_id, day, dim, value, stripe) DO UPDATE
  SET clicks = r.clicks + excluded.clicks, scans = r.scans + excluded.scans, humans = r.humans + excluded.humans
),
link_visitors AS (
  INSERT INTO link_daily_visitors AS v (link_id, day, reg, rho)
  SELECT link_id, day, hll_reg, max(hll_rho) FROM ins WHERE human
  GROUP BY link_id, day, hll_reg ORDER BY link_id, day, hll_reg
  ON CONFLICT (link_id, day, reg) DO UPDATE SET rho = excluded.rho WHERE v.rho < excluded.rho
),
tenant_visitors AS (
  INSERT INTO tenant_daily_visitors AS v (tenant_id, day, reg, stripe, rho)
  SELECT tenant_id, day, hll_reg, $18::smallint, max(hll_rho) FROM ins WHERE human
  GROUP BY tenant_id, day, hll_reg ORDER BY tenant_id, day, hll_reg
  ON CONFLICT (tenant_id, day, reg, stripe) DO UPDATE SET rho = excluded.rho WHERE v.rho < excluded.rho
),
-- lastClickAt for link-api, published later by the link activity job: HEAD requests are not clicks, bots are. A row
-- changes only when its time moves forward, so a batch of old or redelivered clicks writes nothing here.
activity AS (
  INSERT INTO link_activity AS a (link_id, last_click_at, pending)
  SELECT link_id, max(at), true FROM ins WHERE NOT head GROUP BY link_id ORDER BY link_id
  ON CONFLICT (link_id) DO UPDATE SET last_click_at = excluded.last_click_at, pending = true
  WHERE a.last_click_at < excluded.last_click_at
)
SELECT count(*)::int AS inserted FROM ins`;

/**
 * Writes a batch of facts and their rollups atomically; returns how many were new. `stripe` is the writer's
 * (see StripedBatchWriter): every fact of the batch must belong to a link of that stripe.
 */
export async function writeFacts(pool: Pool, facts: StoredFact[], stripe = 0): Promise<number> {
  if (facts.length === 0) return 0;
  const col = <T>(pick: (f: StoredFact) => T): T[] => facts.map(pick);
  const params = [
    col((f) => f.row.at),
    col((f) => f.row.eventId),
    col((f) => f.row.tenantId),
    col((f) => f.linkId),
    col((f) => SOURCES.indexOf(f.row.source)),
    col((f) => f.row.human),
    col((f) => f.row.head),
    col((f) => f.row.device),
    col((f) => f.row.browser),
    col((f) => f.row.os),
    col((f) => f.row.country),
    col((f) => f.row.city),
    col((f) => f.row.referrer),
    col((f) => f.row.visitor.toString()),
    col((f) => f.row.hllReg),
    col((f) => f.row.hllRho),
    col((f) => f.row.ip),
    stripe,
  ];
  const { rows } = await pool.query<{ inserted: number }>(INGEST_SQL, params);
  return rows[0]?.inserted ?? 0;
}
