import { awaitPublished } from './published-writes';

function recordingLogger() {
  const warnings: string[] = [];
  const logger = { warn: (_fields: object, message: string) => warnings.push(message) };
  return { warnings, logger: logger as unknown as Parameters<typeof awaitPublished>[1] };
}

describe('awaitPublished', () => {
  it('resolves once the relay has published what was pending', async () => {
    let published = false;
    const relay = { publishedThroughNow: async () => void (published = true) };
    const { logger, warnings } = recordingLogger();
    await awaitPublished(relay, logger)();
    expect(published).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('answers after the bound when the relay is stuck, and says so', async () => {
    const relay = { publishedThroughNow: () => new Promise<void>(() => undefined) };
    const { logger, warnings } = recordingLogger();
    const started = Date.now();
    await awaitPublished(relay, logger, 50)();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(warnings).toHaveLength(1);
  });

  it('answers when the bus refuses, since the rows stay committed for the relay', async () => {
    const relay = { publishedThroughNow: () => Promise.reject(new Error('broker down')) };
    const { logger, warnings } = recordingLogger();
    await awaitPublished(relay, logger)();
    expect(warnings).toHaveLength(1);
  });
});
