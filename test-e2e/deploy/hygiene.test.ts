import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { COMPOSE_PATH } from './support/compose-file';
import { deploymentSchema, ofKind, readManifests, type Manifest } from './support/k8s-manifests';
import { REPO_ROOT, SERVICES } from './support/service-catalog';

const manifests = readManifests();
const deployments = ofKind(manifests, 'Deployment').map((d) => deploymentSchema.parse(d));
const deploymentNames = deployments.map((d) => d.metadata.name).sort();

/** Every image a pod or a compose service runs, with where it is named. */
function images(): { where: string; image: string }[] {
  const found: { where: string; image: string }[] = [];
  const visit = (where: string, node: unknown) => {
    if (Array.isArray(node)) node.forEach((item) => visit(where, item));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'image' && typeof value === 'string') found.push({ where, image: value });
        else visit(where, value);
      }
    }
  };
  for (const manifest of manifests) visit(`deploy/k8s ${manifest.kind}/${manifest.metadata.name}`, manifest);
  visit('docker-compose.yml', parse(readFileSync(COMPOSE_PATH, 'utf8')));
  return found;
}

/** Our own images, whose tags kustomize or compose set (`waymark`, `waymark:local`, `waymark-gateway`...). */
const ours = (image: string) => /^waymark(-gateway)?(:local)?$/.test(image);

const selectorOf = (manifest: Manifest) =>
  (
    manifest as {
      spec?: {
        selector?: { matchLabels?: Record<string, string> };
        podSelector?: { matchLabels?: Record<string, string> };
      };
    }
  ).spec;

describe('deploy hygiene', () => {
  it('pins every third-party image to a release (a full version or a RELEASE tag), never latest', () => {
    const all = images();
    expect(all.length).toBeGreaterThan(8);
    // PostgreSQL numbers its releases major.minor since 10; everything else here major.minor.patch.
    const release = (image: string) =>
      /:(\d+\.\d+\.\d+([-.][\w.-]+)?|RELEASE\.[\dTZ-]+)$/.test(image) || /^postgres:\d+\.\d+$/.test(image);
    const loose = all.filter(({ image }) => !ours(image) && !release(image));
    expect(loose).toEqual([]);
  });

  it('gives every Deployment, the gateway included, a PodDisruptionBudget that lets a drain proceed', () => {
    expect(deploymentNames).toEqual([...SERVICES.map((s) => s.name), 'gateway'].sort());
    const budgets = ofKind(manifests, 'PodDisruptionBudget');
    expect(budgets.map((b) => b.metadata.name).sort()).toEqual(deploymentNames);
    for (const budget of budgets) {
      expect(selectorOf(budget)?.selector?.matchLabels).toEqual({ 'app.kubernetes.io/name': budget.metadata.name });
      expect(budget).toMatchObject({ apiVersion: 'policy/v1', spec: { maxUnavailable: 1 } });
    }
  });

  it('gives every Deployment a NetworkPolicy; only the gateway is open to all, the rest take the gateway or Prometheus', () => {
    const policies = ofKind(manifests, 'NetworkPolicy');
    expect(policies.map((p) => p.metadata.name).sort()).toEqual(deploymentNames);
    for (const policy of policies) {
      const spec = selectorOf(policy) as {
        podSelector?: { matchLabels?: Record<string, string> };
        policyTypes: string[];
        ingress: { from?: unknown[] }[];
      };
      expect(spec.podSelector?.matchLabels).toEqual({ 'app.kubernetes.io/name': policy.metadata.name });
      expect(spec.policyTypes).toEqual(['Ingress']);
      const from = spec.ingress.flatMap((rule) => rule.from ?? ['anywhere']);
      if (policy.metadata.name === 'gateway') expect(from).toEqual(['anywhere']);
      else {
        expect(from).not.toContain('anywhere');
        expect(from).toContainEqual({
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
        });
      }
    }
    const redirector = policies.find((p) => p.metadata.name === 'redirector') as Manifest;
    expect(JSON.stringify(redirector)).toContain('"podSelector":{"matchLabels":{"app.kubernetes.io/name":"gateway"}}');
  });

  it('probes the gateway over HTTP on /healthz and scales it with an HPA', () => {
    const gateway = deployments.find((d) => d.metadata.name === 'gateway');
    const container = gateway?.spec.template.spec.containers[0];
    expect(container?.readinessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container?.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    const hpa = ofKind(manifests, 'HorizontalPodAutoscaler').find((h) => h.metadata.name === 'gateway');
    expect(hpa).toMatchObject({ spec: { scaleTargetRef: { kind: 'Deployment', name: 'gateway' }, minReplicas: 2 } });
    const compose = parse(readFileSync(COMPOSE_PATH, 'utf8')) as {
      services: Record<string, { healthcheck?: { test: string[] } }>;
    };
    expect(compose.services.gateway?.healthcheck?.test.join(' ')).toContain('/healthz');
  });

  it('builds the production image on a Node LTS line newer than the Node 20 the code is tested on', () => {
    const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
    const majors = [...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((m) => Number(m[1]));
    expect(majors.length).toBeGreaterThanOrEqual(2);
    expect(new Set(majors).size).toBe(1);
    const major = majors[0] as number;
    // Even majors are the LTS lines.
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThanOrEqual(24);
  });
});
