-- analytics-ingest: click facts (partitioned by UTC day) and the daily rollups that answer the queries.
-- Fact partitions are created and dropped by the service itself (infra/partition-manager.ts).

CREATE TABLE setting (
  name  text PRIMARY KEY,
  value text NOT NULL
);

-- One row per incarnation of a link: a code deleted and created again starts from zero (created_at differs).
CREATE TABLE link_ref (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id  text NOT NULL,
  domain     text NOT NULL,
  code       text NOT NULL,
  created_at timestamptz NOT NULL,
  deleted_at timestamptz,
  CONSTRAINT link_ref_incarnation UNIQUE (tenant_id, domain, code, created_at)
);
CREATE INDEX link_ref_by_key ON link_ref (domain, code);

-- source: 0 click, 1 qr. Dimension values are '' when unknown. visitor: 64 bits of the salted visitor hash;
-- hll_reg/hll_rho: its HyperLogLog register and rank. ip only when STORE_RAW_IP is on.
CREATE TABLE click_fact (
  at            timestamptz NOT NULL,
  event_id      text NOT NULL,
  tenant_id     text NOT NULL,
  link_id       integer NOT NULL,
  source        smallint NOT NULL,
  human         boolean NOT NULL,
  head          boolean NOT NULL,
  device        text NOT NULL,
  browser       text NOT NULL,
  os            text NOT NULL,
  country       text NOT NULL,
  city          text NOT NULL,
  referrer      text NOT NULL,
  visitor       bigint NOT NULL,
  hll_reg       smallint NOT NULL,
  hll_rho       smallint NOT NULL,
  ip            inet,
  PRIMARY KEY (event_id, at)
) PARTITION BY RANGE (at);
CREATE INDEX click_fact_link_at ON click_fact (link_id, at);
CREATE INDEX click_fact_tenant_at ON click_fact (tenant_id, at);

-- dim 0 is the total (value ''); 1..7 device, browser, os, country, city, referrer, source. bots = clicks + scans - humans.
CREATE TABLE link_daily (
  link_id   integer NOT NULL,
  day       date NOT NULL,
  dim       smallint NOT NULL,
  value     text NOT NULL,
  tenant_id text NOT NULL,
  clicks    integer NOT NULL,
  scans     integer NOT NULL,
  humans    integer NOT NULL,
  PRIMARY KEY (link_id, day, dim, value)
);
CREATE INDEX link_daily_tenant_totals ON link_daily (tenant_id, day) INCLUDE (link_id, clicks, scans, humans) WHERE dim = 0;

CREATE TABLE tenant_daily (
  tenant_id text NOT NULL,
  day       date NOT NULL,
  dim       smallint NOT NULL,
  value     text NOT NULL,
  clicks    integer NOT NULL,
  scans     integer NOT NULL,
  humans    integer NOT NULL,
  PRIMARY KEY (tenant_id, day, dim, value)
);

-- HyperLogLog registers of human visitors per day: a sparse sketch, merged with max(rho) per register.
CREATE TABLE link_daily_visitors (
  link_id integer NOT NULL,
  day     date NOT NULL,
  reg     smallint NOT NULL,
  rho     smallint NOT NULL,
  PRIMARY KEY (link_id, day, reg)
);

CREATE TABLE tenant_daily_visitors (
  tenant_id text NOT NULL,
  day       date NOT NULL,
  reg       smallint NOT NULL,
  rho       smallint NOT NULL,
  PRIMARY KEY (tenant_id, day, reg)
);
