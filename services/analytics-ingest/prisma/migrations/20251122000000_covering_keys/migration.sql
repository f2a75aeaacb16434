-- The queries read a link's or a tenant's rows over a range of days (up to ~60 000 rollup rows and 30 x 4 096 register
-- rows for a busy link). Primary keys that carry the counters make those reads index-only scans in key order
-- instead of one heap visit per row (every row of a day but today's is all-visible once vacuumed).
ALTER TABLE link_daily DROP CONSTRAINT link_daily_pkey,
  ADD CONSTRAINT link_daily_pkey PRIMARY KEY (link_id, day, dim, value) INCLUDE (clicks, scans, humans);
ALTER TABLE tenant_daily DROP CONSTRAINT tenant_daily_pkey,
  ADD CONSTRAINT tenant_daily_pkey PRIMARY KEY (tenant_id, day, dim, value) INCLUDE (clicks, scans, humans);
ALTER TABLE link_daily_visitors DROP CONSTRAINT link_daily_visitors_pkey,
  ADD CONSTRAINT link_daily_visitors_pkey PRIMARY KEY (link_id, day, reg) INCLUDE (rho);
ALTER TABLE tenant_daily_visitors DROP CONSTRAINT tenant_daily_visitors_pkey,
  ADD CONSTRAINT tenant_daily_visitors_pkey PRIMARY KEY (tenant_id, day, reg) INCLUDE (rho);
