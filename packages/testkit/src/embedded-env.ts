import { freePort } from './free-port';

/** The embedded runner's listeners, each moved with `WAYMARK_<NAME>_PORT`. */
const EMBEDDED_PORT_NAMES = [
  'API',
  'POSTGRES',
  'S3',
  'LINK_API',
  'REDIRECTOR',
  'ANALYTICS',
  'NOTIFIER',
  'GS1_CATALOG',
  'EXPORT_RENDERER',
] as const;

export type EmbeddedPorts = Record<(typeof EMBEDDED_PORT_NAMES)[number], number>;

/**
 * Free ports for every listener of the embedded runner (`apps/embedded`), and the environment that starts it on them
 * with its data in `dataDir`, quiet logs and the default domain on its redirector; `extra` is added last.
 */
export async function embeddedRunnerEnv(
  dataDir: string,
  extra: NodeJS.ProcessEnv = {},
): Promise<{ ports: EmbeddedPorts; env: NodeJS.ProcessEnv }> {
  const ports = {} as EmbeddedPorts;
  for (const name of EMBEDDED_PORT_NAMES) ports[name] = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WAYMARK_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WAYMARK_DEFAULT_DOMAIN: `localhost:${ports.REDIRECTOR}`,
    ...Object.fromEntries(EMBEDDED_PORT_NAMES.map((name) => [`WAYMARK_${name}_PORT`, String(ports[name])])),
    ...extra,
  };
  return { ports, env };
}
