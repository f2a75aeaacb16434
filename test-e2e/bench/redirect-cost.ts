/*
 * CPU per redirect at the system's rate: one production redirector (its built main.js, TRUSTED_PROXIES=loopback,
 * clicks produced to the Kafka mock from its producer thread) behind nginx with deploy's gateway template, under an
 * open-loop load of random codes at REDIRECT_COST_RATE (700, what each of the system bench's two redirectors meets),
 * against a bare node:http 302 behind the same nginx, in alternating rounds. Run after `npm run build`:
 *
 *   npm run bench:redirect-cost
 *
 * bench:redirector measures at saturation (wrk, closed loop), where an instance's fixed costs (idle fetches, timers,
 * per-batch work of the producer thread) vanish into the rate; at a fixed rate they are paid by every redirect, which
 * is what the system bench sees. Prints the idle instance's share of a core first, then per round the CPU per request
 * of the server (every thread) and of nginx. Options: REDIRECT_COST_{RATE,WARMUP_S,SECONDS,ROUNDS,IDLE_S}; CLICK_*
 * variables reach the redirector as they would in production; REDIRECT_COST_NODE_ARGS adds node flags to it
 * (`--cpu-prof`, `--perf-basic-prof`).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { identityTopic, linkKey, linksTopic, type LinkState, type TenantState } from '@waymark/contracts';
import { KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { freePort, ManagedProcess, runMain, startKafkaMock, waitFor } from '@waymark/testkit';
import { startGateway } from '../system/support/gateway';
import { REPO_ROOT } from '../system/support/service-process';
import { startBareServer } from './one-instance-ratio';
import { startLoadGenerator, type LoadGenerator } from './open-loop/load-generator';
import { infraRoots, readAllStats, sampleTicks, ticksPerSecond } from './open-loop/proc-sampler';

const knob = (name: string, fallback: number): number => {
  const value = Number(process.env[`REDIRECT_COST_${name}`] ?? fallback);
  if (!(value >= 0)) throw new Error(`REDIRECT_COST_${name} must be a number >= 0`);
  return value;
};
const RATE = knob('RATE', 700);
const WARMUP_S = knob('WARMUP_S', 10);
const SECONDS = knob('SECONDS', 30);
const ROUNDS = knob('ROUNDS', 2);
const IDLE_S = knob('IDLE_S', 20);
const LINKS = 2000;
const NO_UPSTREAM = '127.0.0.1:1';
const DOMAIN = 'go.cost.test';
const codeOf = (i: number) => `c${i.toString(36)}`;

/** One tenant and LINKS active links of a realistic size (a destination with a query, a title, two tags). */
async function publishLinks(bus: KafkaEventBus): Promise<void> {
  const tenant: TenantState = {
    version: 1,
    eventId: randomUUID(),
    type: 'tenant',
    id: 'cost',
    name: 'Cost',
    entitlements: [],
    plan: { name: 'bench', rateLimitPerMinute: 1, burst: 1, bulkRowCap: 1, exportsPerHour: 0 },
    defaultDomain: DOMAIN,
    domains: [{ name: DOMAIN, verified: true }],
    branding: { name: 'Cost' },
  };
  await bus.publish(identityTopic, [{ key: `tenant:${tenant.id}`, value: tenant }]);
  const now = new Date().toISOString();
  const links = Array.from({ length: LINKS }, (_, i): LinkState => ({
    version: 1,
    eventId: randomUUID(),
    tenantId: tenant.id,
    domain: DOMAIN,
    code: codeOf(i),
    destination: `https://shop.example.com/products/${i}?utm_source=qr&utm_campaign=spring`,
    status: 'active',
    title: `Product ${i}`,
    tags: { campaign: 'spring', sku: String(i) },
    expiresAt: null,
    notifyChannels: [],
    createdAt: now,
    updatedAt: now,
    kind: 'link',
  }));
  await bus.publish(
    linksTopic,
    links.map((link) => ({ key: linkKey(link), value: link })),
  );
}

async function startRedirector(port: number, env: Record<string, string>) {
  const nodeArgs = (process.env.REDIRECT_COST_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const main = path.join(REPO_ROOT, 'services', 'redirector', 'dist', 'src', 'main.js');
  const proc = new ManagedProcess(process.execPath, [...nodeArgs, main], {
    deathSignal: 'SIGKILL',
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200, {
    timeoutMs: 120_000,
    message: 'the redirector to be ready',
  });
  return proc;
}

/** The CPU of `pid` alone, in a share of one core, over `seconds` of nothing to do. */
async function idleShare(pid: number, seconds: number): Promise<number> {
  const watched = [{ name: 'server', pid, tree: false }];
  const before = (await sampleTicks(watched)).get('server') ?? 0;
  await sleep(seconds * 1000);
  const after = (await sampleTicks(watched)).get('server') ?? 0;
  return (after - before) / ticksPerSecond() / seconds;
}

/** One round through a fresh nginx whose visitor upstream is `upstreamPort`: microseconds of CPU per request. */
async function round(generator: LoadGenerator, host: string, upstreamPort: number, serverPid: number) {
  const before = new Set((await readAllStats()).map((s) => s.pid));
  const gateway = await startGateway({
    LINK_API_UPSTREAM: NO_UPSTREAM,
    ANALYTICS_UPSTREAM: NO_UPSTREAM,
    NOTIFIER_UPSTREAM: NO_UPSTREAM,
    GS1_CATALOG_UPSTREAM: NO_UPSTREAM,
    REDIRECTOR_UPSTREAM: `127.0.0.1:${upstreamPort}`,
  });
  try {
    const nginx = infraRoots(await readAllStats(), before).map((w) => ({ ...w, name: 'nginx' }));
    const watched = [...nginx, { name: 'server', pid: serverPid, tree: false }];
    const codes = Array.from({ length: LINKS }, (_, i) => codeOf(i));
    const run = generator.run({
      host,
      apiKey: 'none',
      codes,
      ratePerSecond: RATE,
      seconds: WARMUP_S + SECONDS,
      apiEvery: 0,
      gatewayPort: gateway.port,
      connections: 256,
      maxInFlight: RATE * 2,
    });
    await sleep(WARMUP_S * 1000);
    const start = await sampleTicks(watched);
    await sleep(SECONDS * 1000);
    const end = await sampleTicks(watched);
    const { load } = await run;
    const usPerRequest = (name: string) =>
      (((end.get(name) ?? 0) - (start.get(name) ?? 0)) / ticksPerSecond() / (RATE * SECONDS)) * 1e6;
    return { server: usPerRequest('server'), nginx: usPerRequest('nginx'), ok: load.redirectsOk, sent: load.offered };
  } finally {
    await gateway.stop();
  }
}

async function main(): Promise<void> {
  const kafka = await startKafkaMock();
  const logger = createLogger({ service: 'redirect-cost', level: 'warn' });
  const bus = await KafkaEventBus.connect({ brokers: kafka.brokers, clientId: 'redirect-cost', logger });
  await publishLinks(bus);
  const port = await freePort();
  const env: Record<string, string> = {
    KAFKA_BROKERS: kafka.brokers.join(','),
    TRUSTED_PROXIES: 'loopback',
    CLICK_SPOOL_DIR: mkdtempSync(path.join(tmpdir(), 'redirect-cost-spool-')),
    LOG_LEVEL: 'warn',
  };
  for (const [name, value] of Object.entries(process.env))
    if (name.startsWith('CLICK_') && value !== undefined) env[name] = value;
  const redirector = await startRedirector(port, env);
  const bare = await startBareServer();
  const generator = await startLoadGenerator();
  try {
    if (IDLE_S > 0)
      console.log(`idle redirector: ${(100 * (await idleShare(redirector.pid, IDLE_S))).toFixed(2)} % of a core`);
    for (let i = 0; i < ROUNDS; i += 1) {
      for (const [name, upstream, pid] of [
        ['bare 302', bare.port, bare.pid],
        ['redirector', port, redirector.pid],
      ] as const) {
        const r = await round(generator, DOMAIN, upstream, pid);
        console.log(
          `${name.padEnd(10)} ${RATE} req/s: server ${r.server.toFixed(1)} us/request, ` +
            `nginx ${r.nginx.toFixed(1)} us/request (${r.ok} of ${r.sent} redirected)`,
        );
      }
    }
  } finally {
    generator.stop();
    bare.stop();
    await redirector.stop('SIGTERM', 10_000);
    await bus.close();
    await kafka.stop();
  }
}

runMain(main);
