import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { REPO_ROOT } from './service-catalog';

const environmentSchema = z.union([
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String)),
  z
    .array(z.string())
    .transform((entries) =>
      Object.fromEntries(entries.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)])),
    ),
]);

const composeServiceSchema = z.looseObject({
  image: z.string().optional(),
  build: z.unknown().optional(),
  command: z.union([z.string(), z.array(z.string())]).optional(),
  environment: environmentSchema.default({}),
  ports: z.array(z.union([z.string(), z.number()])).default([]),
  volumes: z.array(z.unknown()).default([]),
  healthcheck: z.looseObject({ test: z.union([z.string(), z.array(z.string())]) }).optional(),
  depends_on: z.unknown().optional(),
});

const composeSchema = z.looseObject({ services: z.record(z.string(), composeServiceSchema) });

export type ComposeService = z.output<typeof composeServiceSchema>;
export type ComposeFile = z.output<typeof composeSchema>;

export const COMPOSE_PATH = path.join(REPO_ROOT, 'docker-compose.yml');

/** docker-compose.yml parsed as Compose does (YAML merge keys on), values not yet interpolated. */
export function readCompose(): ComposeFile {
  return composeSchema.parse(parse(readFileSync(COMPOSE_PATH, 'utf8'), { merge: true }));
}

/** `node services/<name>/dist/src/main.js` -> `<name>`; undefined for infrastructure containers. */
export function waymarkServiceOf(service: ComposeService): string | undefined {
  const command = Array.isArray(service.command) ? service.command.join(' ') : (service.command ?? '');
  return /^node services\/([a-z0-9-]+)\/dist\/src\/main\.js$/.exec(command)?.[1];
}

const INTERPOLATION = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

/** Compose's variable interpolation (`${X}`, `${X:-default}`, `${X-default}`, `${X:?message}`, `$$`) against `env`. */
export function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(
    INTERPOLATION,
    (whole, name: string | undefined, operator: string | undefined, argument: string | undefined) => {
      if (whole === '$$') return '$';
      const current = env[name!];
      const unsetOrEmpty = current === undefined || (operator?.startsWith(':') === true && current === '');
      if (operator?.endsWith('-')) return unsetOrEmpty ? argument! : current!;
      if (operator?.endsWith('?')) {
        if (unsetOrEmpty) throw new Error(`${name} is required: ${argument}`);
        return current!;
      }
      return current ?? '';
    },
  );
}

/** Names of the variables compose refuses to start without (`${X:?...}` anywhere in the file). */
export function requiredComposeVariables(): string[] {
  const text = readFileSync(COMPOSE_PATH, 'utf8');
  return [...new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?\?/g)].map((m) => m[1]!))].sort();
}
