import { GS1_LINK_COLUMNS } from './gs1-link-row.mapper';

/*
 * The statements of a bulk import (spec 4.4 rules 3-5), each run once for the whole request with the rows as one
 * JSON parameter, so a 500-record import is three round trips instead of 500.
 */
const RECORDSET = `jsonb_to_recordset($1::jsonb) AS r(
  id text, target_id text, tenant_id text, domain text, code text, gtin text, cpv text, batch text, serial text,
  expiry text, item_description text, destination text, linkset jsonb, ai jsonb, tags text[], now timestamptz,
  has_linkset boolean, has_ai boolean, has_tags boolean, has_expiry boolean, has_item_description boolean)`;

/** Existing rows among the request's codes, locked so concurrent imports of the same codes apply one after the other. */
export const LOCK_EXISTING_SQL = `SELECT t."id", t."tenant_id", t."domain", t."code"
  FROM "gs1_link" t JOIN jsonb_to_recordset($1::jsonb) AS k(domain text, code text) ON t."domain" = k.domain AND t."code" = k.code
  ORDER BY t."id" FOR UPDATE OF t`;

/** New codes; one inserted concurrently by another request meanwhile is not returned (the caller retries it). */
export const INSERT_SQL = `INSERT INTO "gs1_link" AS t ("id", "tenant_id", "domain", "code", "gtin", "cpv", "batch", "serial", "expiry",
  "item_description", "destination", "linkset", "ai", "tags", "created_at", "updated_at")
  SELECT r.id, r.tenant_id, r.domain, r.code, r.gtin, r.cpv, r.batch, r.serial, r.expiry, r.item_description, r.destination,
    r.linkset, r.ai, r.tags, r.now, r.now
  FROM ${RECORDSET}
  ON CONFLICT ("domain", "code") DO NOTHING
  RETURNING ${GS1_LINK_COLUMNS}`;

/** Updates of existing codes: the destination re-pointed when given; linkset, ai, expiry, item description and tags only when supplied. */
export const UPDATE_SQL = `UPDATE "gs1_link" AS t SET
    "destination" = COALESCE(r.destination, t."destination"),
    "linkset" = CASE WHEN r.has_linkset THEN r.linkset ELSE t."linkset" END,
    "ai" = CASE WHEN r.has_ai THEN r.ai ELSE t."ai" END,
    "expiry" = CASE WHEN r.has_expiry THEN r.expiry ELSE t."expiry" END,
    "item_description" = CASE WHEN r.has_item_description THEN r.item_description ELSE t."item_description" END,
    "tags" = CASE WHEN r.has_tags THEN r.tags ELSE t."tags" END,
    "updated_at" = r.now
  FROM ${RECORDSET}
  WHERE t."id" = r.target_id
  RETURNING ${GS1_LINK_COLUMNS}`;
