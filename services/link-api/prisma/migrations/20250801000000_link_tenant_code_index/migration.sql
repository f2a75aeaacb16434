-- GET /v1/links/{code} (and QR, PATCH, DELETE) look a code up within the tenant, usually without a domain: without
-- this index Postgres filtered every link of the tenant for each request.
CREATE INDEX "link_tenant_id_code_idx" ON "link"("tenant_id", "code");
