import { isWrapped } from '@opentelemetry/instrumentation';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { Client, Pool } from 'pg';
import { startTracing } from './index';

const prismaHelper = () => (globalThis as { PRISMA_INSTRUMENTATION?: { helper?: unknown } }).PRISMA_INSTRUMENTATION;

// pg is imported above, before tracing starts, as in every service: the instrumentation must still reach it.
// (pg's Pool inherits `connect` from pg-pool's, which is what gets patched.)
describe('database instrumentation', () => {
  it('patches nothing and registers no Prisma helper when tracing is off', async () => {
    const tracing = startTracing({ OTEL_TRACES_SAMPLER_ARG: 1 }, 'unit');
    expect(tracing.enabled).toBe(false);
    expect(isWrapped(Client.prototype.query)).toBe(false);
    expect(isWrapped(Client.prototype.connect)).toBe(false);
    expect(isWrapped(Pool.prototype.connect)).toBe(false);
    expect(prismaHelper()).toBeUndefined();
    await tracing.shutdown();
  });

  it("patches the already loaded pg driver and registers Prisma's helper when on, and undoes both at shutdown", async () => {
    const tracing = startTracing({ OTEL_TRACES_SAMPLER_ARG: 1 }, 'unit', new InMemorySpanExporter());
    expect(isWrapped(Client.prototype.query)).toBe(true);
    expect(isWrapped(Pool.prototype.connect)).toBe(true);
    expect(prismaHelper()?.helper).toBeDefined();
    await tracing.shutdown();
    expect(isWrapped(Client.prototype.query)).toBe(false);
    expect(isWrapped(Pool.prototype.connect)).toBe(false);
    expect(prismaHelper()).toBeUndefined();
  });
});
