import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { waitFor } from '@waymark/testkit';
import { findBinary } from '../../../packages/testkit/src/find-binary';
import { freePort } from '../../../packages/testkit/src/free-port';
import { createTempDir, removeTempDir } from '../../../packages/testkit/src/temp-dir';
import { CONSOLE_DIST } from '../../support/built-console';
import { renderGatewayTemplate } from './gateway-template';

/** Upstream variables of the gateway template and the service each one stands for. */
export const GATEWAY_UPSTREAMS: Readonly<Record<string, string>> = {
  LINK_API_UPSTREAM: 'link-api',
  REDIRECTOR_UPSTREAM: 'redirector',
  ANALYTICS_UPSTREAM: 'analytics-ingest',
  NOTIFIER_UPSTREAM: 'notifier',
  GS1_CATALOG_UPSTREAM: 'gs1-catalog',
};

export interface GatewayAnswer {
  readonly status: number;
  /** The service whose stand-in answered; undefined when nginx answered itself. */
  readonly servedBy?: string;
}

/** A whole answer: the headers and the body too. */
export interface FullGatewayAnswer extends GatewayAnswer {
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * One request to a gateway with the given Host header (fetch replaces Host with the URL's), the body read whole.
 * No Accept-Encoding: nginx would compress text files.
 */
export function askGateway(
  port: number,
  method: string,
  host: string,
  pathAndQuery: string,
): Promise<FullGatewayAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: pathAndQuery, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => {
        const servedBy = res.headers['x-served-by'];
        resolve({
          status: res.statusCode ?? 0,
          servedBy: typeof servedBy === 'string' ? servedBy : undefined,
          headers: res.headers,
          body: Buffer.concat(chunks),
        });
      });
    });
    req.once('error', reject);
    req.end();
  });
}

export interface RunningGateway {
  /** Where nginx listens (on 127.0.0.1). */
  readonly port: number;
  /** Where the request went: its status and the stand-in that answered. */
  send(method: string, host: string, pathAndQuery: string): Promise<GatewayAnswer>;
  stop(): Promise<void>;
}

/** A stand-in for a service: answers every request with its name, so a test sees where nginx routed it. */
function standIn(service: string): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    res.setHeader('x-served-by', service);
    res.end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Real nginx with deploy/nginx/gateway.conf.template, in front of one stand-in per upstream, serving the built
 * console (apps/console/dist) as the gateway image does.
 */
export async function startGateway(apiHost: string): Promise<RunningGateway> {
  const nginx = findBinary('nginx', 'apt-get install -y nginx-light');
  const dir = createTempDir('gateway');
  const upstreams = await Promise.all(Object.values(GATEWAY_UPSTREAMS).map(standIn));
  let child: ChildProcess | undefined;
  const stop = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await Promise.all(upstreams.map((server) => new Promise((resolve) => server.close(resolve))));
    removeTempDir(dir);
  };
  try {
    const port = await freePort();
    const vars: Record<string, string> = { GATEWAY_PORT: String(port), API_HOST: apiHost, CONSOLE_ROOT: CONSOLE_DIST };
    Object.keys(GATEWAY_UPSTREAMS).forEach((variable, i) => {
      vars[variable] = `127.0.0.1:${(upstreams[i]!.address() as AddressInfo).port}`;
    });
    writeFileSync(path.join(dir, 'gateway.conf'), renderGatewayTemplate(vars));
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => {
      mkdirSync(path.join(dir, kind));
      return `${kind}_temp_path ${path.join(dir, kind)};`;
    });
    const config = `daemon off; master_process off; pid ${dir}/nginx.pid; error_log stderr warn;
events { worker_connections 64; }
http { access_log off; ${temp.join(' ')} include ${dir}/gateway.conf; }\n`;
    writeFileSync(path.join(dir, 'nginx.conf'), config);
    let stderr = '';
    child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const send = (method: string, host: string, pathAndQuery: string): Promise<GatewayAnswer> =>
      askGateway(port, method, host, pathAndQuery).then(({ status, servedBy }) => ({ status, servedBy }));
    await waitFor(
      () => {
        if (child!.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
        return send('GET', apiHost, '/v1/openapi.json').then(() => true);
      },
      { timeoutMs: 10_000, message: 'nginx to accept connections' },
    );
    return { port, send, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
