import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments, parse } from 'yaml';
import { z } from 'zod';
import { REPO_ROOT } from './service-catalog';

export const K8S_DIR = path.join(REPO_ROOT, 'deploy', 'k8s');

const manifestSchema = z.looseObject({
  apiVersion: z.string(),
  kind: z.string(),
  metadata: z.looseObject({ name: z.string() }),
});
export type Manifest = z.output<typeof manifestSchema> & Record<string, unknown>;

const keyRef = z.object({ name: z.string(), key: z.string(), optional: z.boolean().optional() });
const envVarSchema = z.object({
  name: z.string(),
  value: z.string().optional(),
  valueFrom: z.object({ configMapKeyRef: keyRef.optional(), secretKeyRef: keyRef.optional() }).optional(),
});
const httpProbe = z.looseObject({
  httpGet: z.looseObject({ path: z.string(), port: z.union([z.string(), z.number()]) }).optional(),
});
const containerSchema = z.looseObject({
  name: z.string(),
  image: z.string(),
  command: z.array(z.string()).optional(),
  ports: z.array(z.looseObject({ name: z.string().optional(), containerPort: z.number() })).default([]),
  env: z.array(envVarSchema).default([]),
  envFrom: z.array(z.looseObject({ configMapRef: z.object({ name: z.string() }).optional() })).default([]),
  resources: z
    .looseObject({ requests: z.record(z.string(), z.unknown()), limits: z.record(z.string(), z.unknown()) })
    .optional(),
  readinessProbe: httpProbe.optional(),
  livenessProbe: httpProbe.optional(),
  volumeMounts: z.array(z.looseObject({ name: z.string(), mountPath: z.string() })).default([]),
});
export const deploymentSchema = z.looseObject({
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({
    template: z.looseObject({
      spec: z.looseObject({
        containers: z.array(containerSchema).min(1),
        volumes: z.array(z.looseObject({ name: z.string() })).default([]),
      }),
    }),
  }),
});
export type K8sContainer = z.output<typeof containerSchema>;

/** Every document of every manifest in deploy/k8s (the kustomization aside). */
export function readManifests(): Manifest[] {
  return readdirSync(K8S_DIR)
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(readFileSync(path.join(K8S_DIR, file), 'utf8')).map((doc) => {
        if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
        return manifestSchema.parse(doc.toJS()) as Manifest;
      }),
    );
}

export function kustomizationResources(): string[] {
  const kustomization = z.looseObject({ resources: z.array(z.string()) });
  return kustomization.parse(parse(readFileSync(path.join(K8S_DIR, 'kustomization.yaml'), 'utf8'))).resources;
}

/** The images the kustomization retags (`name` as the manifests write it). */
export function kustomizationImages(): { name: string; newName?: string; newTag?: string }[] {
  const image = z.object({ name: z.string(), newName: z.string().optional(), newTag: z.string().optional() });
  const kustomization = z.looseObject({ images: z.array(image).default([]) });
  return kustomization.parse(parse(readFileSync(path.join(K8S_DIR, 'kustomization.yaml'), 'utf8'))).images;
}

export function ofKind(manifests: Manifest[], kind: string): Manifest[] {
  return manifests.filter((m) => m.kind === kind);
}

export function configMapData(manifests: Manifest[], name: string): Record<string, string> {
  const found = ofKind(manifests, 'ConfigMap').find((m) => m.metadata.name === name);
  if (!found) throw new Error(`no ConfigMap ${name} in deploy/k8s`);
  return z.record(z.string(), z.string()).parse((found as { data?: unknown }).data ?? {});
}

export interface ContainerEnvEntry {
  readonly name: string;
  /** The value when it is known from the manifests (a literal or a ConfigMap key); undefined for secrets. */
  readonly value?: string;
  readonly source: 'literal' | 'configMap' | 'secret';
  readonly optional: boolean;
}

/** The container's environment as the kubelet builds it: envFrom ConfigMaps first, then env entries override. */
export function containerEnv(manifests: Manifest[], container: K8sContainer): Map<string, ContainerEnvEntry> {
  const result = new Map<string, ContainerEnvEntry>();
  for (const from of container.envFrom) {
    if (!from.configMapRef) throw new Error(`${container.name}: only configMapRef is expected in envFrom`);
    for (const [name, value] of Object.entries(configMapData(manifests, from.configMapRef.name))) {
      result.set(name, { name, value, source: 'configMap', optional: false });
    }
  }
  for (const entry of container.env) {
    const { configMapKeyRef: cm, secretKeyRef: secret } = entry.valueFrom ?? {};
    if (entry.value !== undefined)
      result.set(entry.name, { name: entry.name, value: entry.value, source: 'literal', optional: false });
    else if (cm)
      result.set(entry.name, {
        name: entry.name,
        value: configMapData(manifests, cm.name)[cm.key],
        source: 'configMap',
        optional: cm.optional ?? false,
      });
    else if (secret) result.set(entry.name, { name: entry.name, source: 'secret', optional: secret.optional ?? false });
    else throw new Error(`${container.name}: env ${entry.name} has neither a value nor a supported valueFrom`);
  }
  return result;
}
