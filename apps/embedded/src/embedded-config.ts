import { parseConfig, port, logLevel } from '@waymark/config';
import { z } from 'zod';

/**
 * The embedded mode's own settings. Ports are fixed on loopback so the URLs it prints stay the same between runs;
 * each can be moved when taken. Service settings (branding, timeouts, ...) use each service's own variables.
 */
export const embeddedSchema = z.object({
  WAYMARK_DATA_DIR: z.string().min(1).default('.waymark'),
  WAYMARK_POSTGRES_PORT: port().default(54329),
  WAYMARK_S3_PORT: port().default(9309),
  /** The API base URL integrators use: a gateway routing /v1 prefixes to the owning service, as nginx does. */
  WAYMARK_API_PORT: port().default(8000),
  WAYMARK_LINK_API_PORT: port().default(8080),
  WAYMARK_REDIRECTOR_PORT: port().default(8081),
  WAYMARK_ANALYTICS_PORT: port().default(8082),
  WAYMARK_NOTIFIER_PORT: port().default(8083),
  WAYMARK_GS1_CATALOG_PORT: port().default(8084),
  WAYMARK_EXPORT_RENDERER_PORT: port().default(8085),
  /** The verified default domain of the embedded mode, so a link works at once on this machine. */
  WAYMARK_DEFAULT_DOMAIN: z.string().min(1).default('localhost:8081'),
  /** The built console served at the API base URL's `/` (default: apps/console/dist of this repository). */
  WAYMARK_CONSOLE_DIR: z.string().min(1).optional(),
  LOG_LEVEL: logLevel().default('info'),
});

export type EmbeddedConfig = z.output<typeof embeddedSchema>;

export function loadEmbeddedConfig(env: NodeJS.ProcessEnv = process.env): EmbeddedConfig {
  return parseConfig(embeddedSchema, env, { service: 'embedded' });
}
