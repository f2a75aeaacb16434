import type { KafkaEventBus } from '@waymark/events';
import { apiClient, connectBus, startNotifierForTenant, type StartedNotifier } from './notifier-harness';
import { startReceiver, type Receiver } from './receiver';

/** What a describe block of notifier tests runs against: the bus and a local webhook receiver. */
export interface NotifierSuite {
  bus: KafkaEventBus;
  receiver: Receiver;
  /** Registers what the block started itself; it is stopped, latest first, before the receiver and the bus close. */
  atEnd(stop: () => unknown): void;
}

/** A notifier already serving a fresh tenant, with an API client for that tenant's key. */
export interface TenantNotifierSuite extends NotifierSuite {
  notifier: StartedNotifier;
  tenantId: string;
  api: ReturnType<typeof apiClient>;
}

/**
 * Connects the bus and starts a receiver once for the enclosing describe block, and closes both after it. The fields
 * are filled in by the block's first beforeAll, so tests read them through the returned object.
 */
export function useNotifierSuite(): NotifierSuite {
  const stops: (() => unknown)[] = [];
  const suite = {
    atEnd: (stop: () => unknown) => {
      stops.push(stop);
    },
  } as NotifierSuite;
  beforeAll(async () => {
    suite.bus = await connectBus();
    suite.receiver = await startReceiver();
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await suite.receiver?.close();
    await suite.bus?.close();
  });
  return suite;
}

/**
 * The usual block: the bus, a receiver, and a notifier for a fresh tenant, started with `testEnv` overrides made from
 * the receiver (most allowlist it: `WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry`).
 */
export function useTenantNotifier(envOf: (receiver: Receiver) => Record<string, string>): TenantNotifierSuite {
  const suite = useNotifierSuite() as TenantNotifierSuite;
  beforeAll(async () => {
    Object.assign(suite, await startNotifierForTenant(suite.bus, envOf(suite.receiver)));
    suite.atEnd(() => suite.notifier.service.stop());
  });
  return suite;
}
