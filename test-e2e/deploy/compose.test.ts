import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  interpolate,
  readCompose,
  requiredComposeVariables,
  waymarkServiceOf,
  type ComposeService,
} from './support/compose-file';
import { gatewayImage } from './support/dockerfile-stages';
import { defaultPortOf, REPO_ROOT, serviceNamed, SERVICES, variablesOf } from './support/service-catalog';
import { SECRET_VARIABLES, TEST_SECRETS } from './support/test-secrets';

const compose = readCompose();
const waymarkServices = Object.entries(compose.services).flatMap(([key, service]) => {
  const name = waymarkServiceOf(service);
  return name ? [{ key, name, service }] : [];
});
const envOf = (service: ComposeService) =>
  Object.fromEntries(Object.entries(service.environment).map(([name, raw]) => [name, interpolate(raw, TEST_SECRETS)]));

describe('docker-compose.yml runs the production shape', () => {
  it('runs every service under services/ exactly once, each from the one image under its own name', () => {
    const onDisk = readdirSync(path.join(REPO_ROOT, 'services')).sort();
    expect(waymarkServices.map((s) => s.name).sort()).toEqual(onDisk);
    expect(SERVICES.map((s) => s.name).sort()).toEqual(onDisk);
    for (const { key, name, service } of waymarkServices) {
      expect(key).toBe(name);
      expect(service.build).toBe('.');
    }
  });

  it.each(SERVICES.map((s) => s.name))('sets only variables that %s reads', (name) => {
    const entry = waymarkServices.find((s) => s.name === name)!;
    const reads = variablesOf(serviceNamed(name));
    expect(Object.keys(entry.service.environment).filter((variable) => !reads.has(variable))).toEqual([]);
  });

  it.each(SERVICES.map((s) => s.name))('gives %s a configuration its production entry accepts', (name) => {
    const entry = waymarkServices.find((s) => s.name === name)!;
    expect(() => serviceNamed(name).load(envOf(entry.service))).not.toThrow();
  });

  it.each(SERVICES.map((s) => s.name))('runs %s on its default port, probed on /readyz', (name) => {
    const entry = waymarkServices.find((s) => s.name === name)!;
    expect(Number(envOf(entry.service).PORT)).toBe(defaultPortOf(serviceNamed(name)));
    const probe = [entry.service.healthcheck?.test ?? []].flat().join(' ');
    expect(probe).toContain("'/readyz'");
    expect(probe).toContain('process.env.PORT');
  });

  it('publishes no service port but the gateway (and MinIO for presigned downloads), so replicas scale freely', () => {
    for (const { name, service } of waymarkServices)
      expect({ name, ports: service.ports }).toEqual({ name, ports: [] });
    expect(compose.services.gateway?.ports).toEqual(['8000:8000']);
  });

  // Required secrets are `${NAME:?message}`; an optional one (SECRET_ENCRYPTION_PREVIOUS_KEYS) is `${NAME:-}`, with an
  // empty default: never a literal value.
  it('takes every secret from the environment, never from a literal', () => {
    for (const { name, service } of waymarkServices) {
      for (const variable of SECRET_VARIABLES.filter((v) => v in service.environment)) {
        expect({ service: name, variable, raw: service.environment[variable] }).toEqual({
          service: name,
          variable,
          raw: expect.stringMatching(/\$\{[A-Z_]+(:\?[^}]+|:-)\}/),
        });
      }
    }
    expect(requiredComposeVariables()).toEqual([
      'MINIO_ROOT_PASSWORD',
      'OPERATOR_TOKEN',
      'POSTGRES_PASSWORD',
      'SECRET_ENCRYPTION_KEY',
      'SMTP_URL',
    ]);
  });

  it('documents every variable compose requires in docs/operations.md', () => {
    const operations = readFileSync(path.join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
    for (const variable of requiredComposeVariables())
      expect({ variable, documented: operations.includes(variable) }).toEqual({ variable, documented: true });
  });

  it('points the gateway at each API service on the port that service listens on', () => {
    const gateway = compose.services.gateway!;
    expect(gateway.volumes).toContain(
      './deploy/nginx/gateway.conf.template:/etc/nginx/templates/gateway.conf.template:ro',
    );
    const upstreams: Record<string, string> = {
      LINK_API_UPSTREAM: 'link-api',
      REDIRECTOR_UPSTREAM: 'redirector',
      ANALYTICS_UPSTREAM: 'analytics-ingest',
      NOTIFIER_UPSTREAM: 'notifier',
      GS1_CATALOG_UPSTREAM: 'gs1-catalog',
    };
    const env = envOf(gateway);
    for (const [variable, service] of Object.entries(upstreams)) {
      expect(env[variable]).toBe(`${service}:${defaultPortOf(serviceNamed(service))}`);
    }
    expect(env.GATEWAY_PORT).toBe('8000');
  });

  it('builds the gateway from the Dockerfile gateway stage: pinned nginx, the console where its config looks', () => {
    const gateway = compose.services.gateway!;
    expect(gateway.build).toEqual({ context: '.', target: 'gateway' });
    expect(gateway.image).toBe('waymark-gateway:local');
    const image = gatewayImage();
    expect(image.base).toMatch(/^nginx:\d+\.\d+\.\d+$/);
    expect(envOf(gateway).CONSOLE_ROOT).toBe(image.consoleRoot);
  });

  it('gives the redirector a writable click spool volume at CLICK_SPOOL_DIR', () => {
    const redirector = compose.services.redirector!;
    expect(redirector.volumes).toContain(envOf(redirector).CLICK_SPOOL_DIR);
  });
});
