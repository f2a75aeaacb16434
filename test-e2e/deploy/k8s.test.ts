import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  configMapData,
  containerEnv,
  deploymentSchema,
  kustomizationImages,
  kustomizationResources,
  K8S_DIR,
  ofKind,
  readManifests,
} from './support/k8s-manifests';
import { gatewayImage } from './support/dockerfile-stages';
import { renderGatewayTemplate } from './support/gateway-template';
import { defaultPortOf, REPO_ROOT, serviceNamed, SERVICES, variablesOf } from './support/service-catalog';
import { SECRET_VARIABLES, TEST_SECRETS } from './support/test-secrets';

const manifests = readManifests();
const serviceNames = SERVICES.map((s) => s.name);
const deploymentOf = (name: string) => {
  const found = ofKind(manifests, 'Deployment').find((d) => d.metadata.name === name);
  if (!found) throw new Error(`no Deployment ${name} in deploy/k8s`);
  return deploymentSchema.parse(found);
};
const containerOf = (name: string) => deploymentOf(name).spec.template.spec.containers[0]!;

describe('deploy/k8s manifests', () => {
  it('lists every manifest file in the kustomization', () => {
    const files = readdirSync(K8S_DIR)
      .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
      .sort();
    expect([...kustomizationResources()].sort()).toEqual(files);
  });

  it('has a Deployment, Service and HorizontalPodAutoscaler for every service under services/, and the gateway', () => {
    expect(serviceNames.sort()).toEqual(readdirSync(path.join(REPO_ROOT, 'services')).sort());
    const names = (kind: string) =>
      ofKind(manifests, kind)
        .map((m) => m.metadata.name)
        .sort();
    expect(names('Deployment')).toEqual([...serviceNames, 'gateway'].sort());
    expect(names('Service')).toEqual([...serviceNames, 'gateway'].sort());
    expect(names('HorizontalPodAutoscaler')).toEqual([...serviceNames, 'gateway'].sort());
    for (const hpa of ofKind(manifests, 'HorizontalPodAutoscaler')) {
      expect(hpa).toMatchObject({ spec: { scaleTargetRef: { kind: 'Deployment', name: hpa.metadata.name } } });
    }
  });

  it.each(serviceNames)(
    'runs %s from the image with its own entry on its default port, probed on /healthz and /readyz',
    (name) => {
      const container = containerOf(name);
      const port = defaultPortOf(serviceNamed(name));
      expect(container.image).toBe('waymark');
      expect(container.command).toEqual(['node', `services/${name}/dist/src/main.js`]);
      expect(container.ports).toEqual([{ name: 'http', containerPort: port }]);
      expect(containerEnv(manifests, container).get('PORT')?.value).toBe(String(port));
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.resources?.requests).toEqual(
        expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
      );
      expect(container.resources?.limits).toEqual(
        expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
      );
      const service = ofKind(manifests, 'Service').find((s) => s.metadata.name === name);
      expect(service).toMatchObject({
        spec: { ports: [{ port, targetPort: 'http' }], selector: { 'app.kubernetes.io/name': name } },
      });
    },
  );

  it.each(serviceNames)('sets only variables that %s reads, secrets from the Secret only', (name) => {
    const env = containerEnv(manifests, containerOf(name));
    const reads = variablesOf(serviceNamed(name));
    expect([...env.keys()].filter((variable) => !reads.has(variable))).toEqual([]);
    for (const variable of SECRET_VARIABLES.filter((v) => env.has(v))) {
      expect({ variable, source: env.get(variable)?.source }).toEqual({ variable, source: 'secret' });
    }
  });

  it.each(serviceNames)('gives %s a configuration its production entry accepts, optional secrets absent', (name) => {
    const env = containerEnv(manifests, containerOf(name));
    const values = Object.fromEntries(
      [...env.values()]
        .filter((e) => !(e.source === 'secret' && e.optional))
        .map((e) => [e.name, e.source === 'secret' ? TEST_SECRETS[e.name] : e.value]),
    );
    expect(Object.entries(values).filter(([, value]) => value === undefined)).toEqual([]);
    expect(() => serviceNamed(name).load(values)).not.toThrow();
  });

  it('mounts a writable volume at the redirector click spool', () => {
    const container = containerOf('redirector');
    const spoolDir = containerEnv(manifests, container).get('CLICK_SPOOL_DIR')?.value;
    const mount = container.volumeMounts.find((m) => m.mountPath === spoolDir);
    expect(mount).toBeDefined();
    expect(deploymentOf('redirector').spec.template.spec.volumes).toContainEqual(
      expect.objectContaining({ name: mount!.name, emptyDir: expect.anything() }),
    );
  });

  it('serves the gateway config rendered from deploy/nginx/gateway.conf.template for the in-cluster Services', () => {
    const rendered = configMapData(manifests, 'gateway-config')['gateway.conf']!;
    const apiHost = /server_name (\S+);/.exec(rendered)?.[1];
    const upstream = (service: string) => `${service}:${defaultPortOf(serviceNamed(service))}`;
    const gatewayPort = containerOf('gateway').ports[0]!.containerPort;
    expect(rendered).toBe(
      renderGatewayTemplate({
        GATEWAY_PORT: String(gatewayPort),
        API_HOST: apiHost!,
        CONSOLE_ROOT: gatewayImage().consoleRoot,
        LINK_API_UPSTREAM: upstream('link-api'),
        REDIRECTOR_UPSTREAM: upstream('redirector'),
        ANALYTICS_UPSTREAM: upstream('analytics-ingest'),
        NOTIFIER_UPSTREAM: upstream('notifier'),
        GS1_CATALOG_UPSTREAM: upstream('gs1-catalog'),
      }),
    );
    expect(containerOf('gateway').volumeMounts).toEqual([expect.objectContaining({ mountPath: '/etc/nginx/conf.d' })]);
  });

  it('runs the gateway from its own image (nginx with the console), retagged by the kustomization', () => {
    expect(containerOf('gateway').image).toBe('waymark-gateway');
    expect(
      kustomizationImages()
        .map((image) => image.name)
        .sort(),
    ).toEqual(['waymark', 'waymark-gateway']);
  });

  it('runs deploy/kafka/create-topics.sh, unchanged, in the kafka-topics Job', () => {
    const script = readFileSync(path.join(REPO_ROOT, 'deploy', 'kafka', 'create-topics.sh'), 'utf8');
    expect(configMapData(manifests, 'kafka-topics-script')['create-topics.sh']).toBe(script);
    const job = ofKind(manifests, 'Job').find((j) => j.metadata.name === 'kafka-topics');
    expect(job).toMatchObject({
      spec: {
        template: {
          spec: {
            containers: [{ command: ['/bin/bash', '/scripts/create-topics.sh'] }],
            volumes: [{ configMap: { name: 'kafka-topics-script' } }],
          },
        },
      },
    });
  });
});
