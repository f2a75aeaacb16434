-- Clicks are written by concurrent statements, one per stripe of links (link_id % CLICKS_WRITERS), so that two
-- statements never wait on each other's rows and PostgreSQL works on both cores. Link rows are disjoint by
-- construction; a tenant's rows are not (every link of the tenant adds to them), so each stripe keeps its own
-- tenant rows. Queries already sum counters and take max(rho) per register across rows, which covers the stripes.
ALTER TABLE tenant_daily ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
ALTER TABLE tenant_daily DROP CONSTRAINT tenant_daily_pkey,
  ADD CONSTRAINT tenant_daily_pkey PRIMARY KEY (tenant_id, day, dim, value, stripe) INCLUDE (clicks, scans, humans);
ALTER TABLE tenant_daily_visitors ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
ALTER TABLE tenant_daily_visitors DROP CONSTRAINT tenant_daily_visitors_pkey,
  ADD CONSTRAINT tenant_daily_visitors_pkey PRIMARY KEY (tenant_id, day, reg, stripe) INCLUDE (rho);
