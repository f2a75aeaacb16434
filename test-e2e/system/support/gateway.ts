import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManagedProcess, freePort, waitFor } from '@waymark/testkit';
import { CONSOLE_DIST } from '../../support/built-console';
import { REPO_ROOT } from './service-process';

/** Debian installs nginx in /usr/sbin, which is not on every user's PATH. */
function nginxBinary(): string {
  const found = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
  if (!found) throw new Error('nginx is not installed: apt-get install -y nginx-light (the end-to-end gateway)');
  return found;
}

const TEMPLATE = path.join(REPO_ROOT, 'deploy', 'nginx', 'gateway.conf.template');

/**
 * What envsubst does to a template when it is given the list of variables to replace (as the nginx image's
 * entrypoint does): `${NAME}` and `$NAME` of the listed names are substituted; every other `$word` (nginx's own
 * variables such as `$host`) is left alone.
 */
export function envsubst(template: string, vars: Record<string, string>): string {
  return template.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, braced?: string, bare?: string) => {
      const name = (braced ?? bare) as string;
      return Object.hasOwn(vars, name) ? (vars[name] as string) : whole;
    },
  );
}

/**
 * An upstream value of several instances. The template names one `server` per upstream (a DNS name that resolves to
 * every replica in compose and Kubernetes); here each instance has its own port, so the value closes the first
 * `server` entry and opens the others: `a; server b`.
 */
export function upstreamOf(addresses: readonly string[]): string {
  return addresses.join('; server ');
}

export interface GatewayUpstreams {
  LINK_API_UPSTREAM: string;
  ANALYTICS_UPSTREAM: string;
  NOTIFIER_UPSTREAM: string;
  GS1_CATALOG_UPSTREAM: string;
  REDIRECTOR_UPSTREAM: string;
}

export interface Gateway {
  /** http://127.0.0.1:PORT, answering as the API host. */
  url: string;
  port: number;
  apiHost: string;
  stop(): Promise<void>;
}

/**
 * nginx (Debian's binary) in the foreground with deploy/'s gateway config, rendered for this run's processes and
 * serving the built console (apps/console/dist) as the gateway image does.
 */
export async function startGateway(upstreams: GatewayUpstreams): Promise<Gateway> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'waymark-gateway-'));
  mkdirSync(path.join(prefix, 'logs'));
  const port = await freePort();
  const apiHost = '127.0.0.1';
  const vars = { ...upstreams, GATEWAY_PORT: String(port), API_HOST: apiHost, CONSOLE_ROOT: CONSOLE_DIST };
  const server = envsubst(readFileSync(TEMPLATE, 'utf8'), vars);
  writeFileSync(path.join(prefix, 'gateway.conf'), server);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      'pid nginx.pid;',
      'error_log stderr warn;',
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      '  client_body_temp_path tmp/body; proxy_temp_path tmp/proxy;',
      '  fastcgi_temp_path tmp/fastcgi; uwsgi_temp_path tmp/uwsgi; scgi_temp_path tmp/scgi;',
      '  include gateway.conf;',
      '}',
    ].join('\n'),
  );
  mkdirSync(path.join(prefix, 'tmp'));
  const proc = new ManagedProcess(
    nginxBinary(),
    ['-p', prefix, '-c', 'nginx.conf', '-e', 'stderr', '-g', 'daemon off; user root root;'],
    {
      deathSignal: 'SIGTERM',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const outcome = await waitFor(
    async () => (proc.hasExited ? 'exited' : (await fetch(`${url}/v1/openapi.json`).catch(() => undefined)) && 'up'),
    { timeoutMs: 15_000, message: 'nginx to listen' },
  );
  if (outcome === 'exited') throw proc.failure('(the gateway) exited at start');
  return {
    url,
    port,
    apiHost,
    async stop() {
      await proc.stop('SIGQUIT', 5_000);
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
