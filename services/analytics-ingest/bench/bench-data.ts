import { randomUUID } from 'node:crypto';
import type { ClickFact } from '@waymark/contracts';

const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
];
const REFERERS = [
  null,
  'https://www.google.com/',
  'https://t.co/x',
  'https://www.facebook.com/',
  'https://news.ycombinator.com/',
];

/** A skewed pick: low indexes far more often, as real traffic concentrates on few links. */
const skewed = (n: number): number => Math.min(n - 1, Math.floor(n * Math.random() ** 3));

/**
 * `count` clicks.v1 values over `links` links of `tenants` tenants, spread over the `spreadMs` before `now` (a day by
 * default); links are picked skewed (a few take most clicks) unless `uniform`.
 */
export function generateClicks(
  count: number,
  tenants: number,
  links: number,
  now: number,
  options: { uniform?: boolean; spreadMs?: number } = {},
): ClickFact[] {
  const spreadMs = options.spreadMs ?? 86_400_000;
  return Array.from({ length: count }, () => {
    const link = options.uniform ? Math.floor(Math.random() * links) : skewed(links);
    const tenantId = `bench-tenant-${link % tenants}`;
    const domain = `t${link % tenants}.bench.test`;
    const ts = now - Math.floor(Math.random() * spreadMs);
    const ip = `${1 + skewed(200)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
    return {
      version: 1,
      eventId: randomUUID(),
      event: 'click',
      source: Math.random() < 0.3 ? 'qr' : 'click',
      code: `l${link}`,
      shortUrl: `https://${domain}/l${link}`,
      title: '',
      destination: 'https://example.com/',
      tags: {},
      createdAt: '2025-01-01T00:00:00.000Z',
      ts,
      at: new Date(ts).toISOString(),
      ip,
      ua: UAS[skewed(UAS.length)] as string,
      referer: REFERERS[skewed(REFERERS.length)] ?? null,
      customerId: tenantId,
      tenantId,
      domain,
      bot: false,
      method: Math.random() < 0.02 ? 'HEAD' : 'GET',
      notifyChannels: [],
    } satisfies ClickFact;
  });
}

/**
 * SQL that fills click_fact with `count` facts over the 30 days before `now` for one big tenant (40 %, its link 0
 * taking a quarter of those) and 19 others, then derives the rollups from them the way ingest would have (tenant
 * rows per stripe of `stripes` writers, as the service's writers keep them).
 * OFFSET 0 keeps the random draws in one evaluation per row (the join must not re-draw them).
 */
export function factLoadSql(count: number, now: Date, stripes: number): string[] {
  const start = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  return [
    `INSERT INTO link_ref (tenant_id, domain, code, created_at)
     SELECT 'q-tenant-' || (i % 20), 'q' || (i % 20) || '.bench.test', 'l' || i, '2025-01-01' FROM generate_series(0, 1999) i`,
    `INSERT INTO click_fact
     SELECT ts, md5(g::text), 'q-tenant-' || t, r.id, (random() < 0.3)::int, human, NOT human AND random() < 0.5,
       (ARRAY['desktop','mobile','tablet',''])[1 + (random()^2 * 3)::int], (ARRAY['Chrome','Safari','Firefox','Edge','Mobile Safari','Samsung Browser','Opera',''])[1 + (random()^2 * 7)::int],
       (ARRAY['Windows','iOS','Android','Mac OS','Linux',''])[1 + (random()^2 * 5)::int], 'C' || (random()^3 * 60)::int, 'City ' || (random()^3 * 2000)::int,
       (ARRAY['','google.com','t.co','facebook.com','news.ycombinator.com','linkedin.com'])[1 + (random()^2 * 5)::int],
       v, ((v >> 52) & 4095)::smallint, (52 - floor(ln(greatest(v & 4503599627370495, 1)::float8) / ln(2)))::smallint, NULL
     FROM (SELECT g, timestamptz '${start}' + random() * interval '30 days' AS ts,
             CASE WHEN random() < 0.4 THEN 0 ELSE 1 + (random() * 18.999)::int END AS t, random() < 0.9 AS human,
             ('x' || md5((random() * 3000000)::int::text))::bit(64)::bigint AS v, random() AS lr
           FROM generate_series(1, ${count}) g OFFSET 0) s
     JOIN link_ref r ON r.tenant_id = 'q-tenant-' || t AND r.code = 'l' || (CASE WHEN t = 0 AND lr < 0.25 THEN 0 ELSE t + 20 * (lr * 99.999)::int END)`,
    `INSERT INTO link_daily SELECT link_id, day, dim, value, min(tenant_id), count(*) FILTER (WHERE source = 0), count(*) FILTER (WHERE source = 1), count(*) FILTER (WHERE human)
     FROM (SELECT f.*, (at AT TIME ZONE 'UTC')::date AS day FROM click_fact f WHERE tenant_id LIKE 'q-%') f CROSS JOIN LATERAL (VALUES (0::smallint, ''), (1::smallint, device), (2::smallint, browser), (3::smallint, os), (4::smallint, country), (5::smallint, city), (6::smallint, referrer), (7::smallint, CASE source WHEN 0 THEN 'click' ELSE 'qr' END)) d(dim, value)
     GROUP BY link_id, day, dim, value`,
    `INSERT INTO tenant_daily (tenant_id, day, dim, value, stripe, clicks, scans, humans)
     SELECT tenant_id, day, dim, value, link_id % ${stripes}, sum(clicks), sum(scans), sum(humans) FROM link_daily WHERE tenant_id LIKE 'q-%' GROUP BY 1, 2, 3, 4, 5`,
    `INSERT INTO link_daily_visitors SELECT link_id, (at AT TIME ZONE 'UTC')::date, hll_reg, max(hll_rho) FROM click_fact WHERE human AND tenant_id LIKE 'q-%' GROUP BY 1, 2, 3`,
    `INSERT INTO tenant_daily_visitors (tenant_id, day, reg, stripe, rho)
     SELECT tenant_id, (at AT TIME ZONE 'UTC')::date, hll_reg, link_id % ${stripes}, max(hll_rho) FROM click_fact WHERE human AND tenant_id LIKE 'q-%' GROUP BY 1, 2, 3, 4`,
  ];
}
