/** `npm start -- --help`: what the embedded mode runs and the variables that move it (embedded-config.ts). */
export const EMBEDDED_USAGE = `usage: npm start            (or: node apps/embedded/dist/main.js)
Runs all six Waymark services in one process, on an embedded PostgreSQL, an in-process event bus and cache, and an
S3-compatible store on local disk. Prints the API base URL, the redirector URL and the command that issues an API key.
Stop it with Ctrl-C (or SIGTERM): it drains requests and stops cleanly. Data survives a restart.
environment (defaults in brackets):
  WAYMARK_DATA_DIR          where the database, objects, mail and secrets live [.waymark]
  WAYMARK_API_PORT          the API base URL's port, on 127.0.0.1 [8000]
  WAYMARK_DEFAULT_DOMAIN    the default tenant's verified domain, served by the redirector [localhost:8081]
  WAYMARK_REDIRECTOR_PORT   [8081]; WAYMARK_LINK_API_PORT [8080]; WAYMARK_ANALYTICS_PORT [8082];
  WAYMARK_NOTIFIER_PORT     [8083]; WAYMARK_GS1_CATALOG_PORT [8084]; WAYMARK_EXPORT_RENDERER_PORT [8085]
  WAYMARK_POSTGRES_PORT     [54329]; WAYMARK_S3_PORT [9309]
  WAYMARK_CONSOLE_DIR       the built web console served at the API base URL's / [apps/console/dist]
  LOG_LEVEL                 debug, info, warn or error [info]
  Each service's own variables (see its README) apply too, e.g. WEBHOOK_HTTP_ALLOWED_HOSTS=127.0.0.1:9000 to let
  webhooks reach a plain-http receiver on this machine.`;
