import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { databaseEnv, kafkaEnv, objectStoreEnv, redisEnv, type Env } from '@waymark/config';
import * as analyticsIngest from '../../../services/analytics-ingest/src/config';
import * as exportRenderer from '../../../services/export-renderer/src/config';
import * as gs1Catalog from '../../../services/gs1-catalog/src/config';
import * as linkApi from '../../../services/link-api/src/config';
import * as notifier from '../../../services/notifier/src/config';
import * as redirector from '../../../services/redirector/src/config';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** The adapter connection shapes of @waymark/config that a service's main.ts adds to its own settings. */
export const INFRA_SHAPES = { kafkaEnv, databaseEnv, redisEnv, objectStoreEnv } as const;
export type InfraShapeName = keyof typeof INFRA_SHAPES;

export interface ServiceEntry {
  readonly name: string;
  /** The service's own settings (what config.ts exports). */
  readonly ownShape: z.ZodRawShape;
  /** The adapter shapes its production entry adds (checked against main.ts and config.ts by the tests). */
  readonly infra: readonly InfraShapeName[];
  /** Parses an environment exactly as the service's main.ts does; throws ConfigError naming every bad variable. */
  load(env: Env): unknown;
  /** Variables read below the service's code (the C library's allocator), set by the deploy files on purpose. */
  readonly runtime?: readonly string[];
}

/** Every service under services/, as its production entry (main.ts) reads its configuration. */
export const SERVICES: readonly ServiceEntry[] = [
  { name: 'link-api', ownShape: linkApi.configSchema.shape, infra: [], load: linkApi.loadProductionConfig },
  {
    name: 'redirector',
    ownShape: redirector.configSchema.shape,
    infra: ['kafkaEnv'],
    load: redirector.loadProductionConfig,
  },
  {
    name: 'analytics-ingest',
    ownShape: analyticsIngest.configSchema.shape,
    infra: ['kafkaEnv', 'databaseEnv', 'redisEnv'],
    load: analyticsIngest.loadProductionConfig,
  },
  {
    name: 'notifier',
    ownShape: notifier.configSchema.shape,
    infra: ['kafkaEnv', 'databaseEnv', 'redisEnv'],
    load: notifier.loadProductionConfig,
  },
  {
    name: 'gs1-catalog',
    ownShape: gs1Catalog.configSchema.shape,
    infra: ['kafkaEnv', 'databaseEnv', 'redisEnv', 'objectStoreEnv'],
    load: gs1Catalog.loadProductionConfig,
  },
  {
    name: 'export-renderer',
    ownShape: exportRenderer.configSchema.shape,
    infra: ['kafkaEnv', 'objectStoreEnv'],
    load: exportRenderer.loadProductionConfig,
    runtime: ['MALLOC_MMAP_THRESHOLD_'],
  },
];

export function serviceNamed(name: string): ServiceEntry {
  const entry = SERVICES.find((s) => s.name === name);
  if (!entry) throw new Error(`no service named ${name} in the catalog of test-e2e/deploy`);
  return entry;
}

/** Every variable the service's production entry reads. */
export function variablesOf(service: ServiceEntry): Set<string> {
  return new Set([
    ...Object.keys(service.ownShape),
    ...service.infra.flatMap((name) => Object.keys(INFRA_SHAPES[name])),
    ...(service.runtime ?? []),
  ]);
}

/** The PORT a service listens on when none is set. */
export function defaultPortOf(service: ServiceEntry): number {
  const port = service.ownShape.PORT;
  if (!port) throw new Error(`${service.name} has no PORT setting`);
  return z.number().parse(z.parse(port, undefined));
}

/** The infra shapes that a service's main.ts and config.ts actually name (import lines aside). */
export function infraNamedInSource(service: ServiceEntry): InfraShapeName[] {
  const source = ['main.ts', 'config.ts']
    .map((file) => readFileSync(path.join(REPO_ROOT, 'services', service.name, 'src', file), 'utf8'))
    .join('\n')
    .split('\n')
    .filter((line) => !/^\s*import\b/.test(line))
    .join('\n');
  return (Object.keys(INFRA_SHAPES) as InfraShapeName[]).filter((name) => new RegExp(`\\b${name}\\b`).test(source));
}
