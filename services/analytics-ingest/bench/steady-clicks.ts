import { Kafka, logLevel, type Producer } from 'kafkajs';
import { clicksTopic } from '@waymark/contracts';
import { generateClicks } from './bench-data';

export interface SteadyClicks {
  /** Clicks published so far. */
  published(): number;
  stop(): Promise<void>;
}

/**
 * Publishes `rate` clicks a second, as `producers` redirectors do: each sends what arrived in the last `flushMs` in
 * one batch (the redirector's CLICK_FLUSH_INTERVAL), keyed `<domain>/<code>`, the link picked uniformly among `links`
 * of one tenant (as the system bench spreads its load), stamped with the time it is sent.
 */
export async function startSteadyClicks(
  brokers: string[],
  options: { rate: number; producers: number; links: number; flushMs: number },
): Promise<SteadyClicks> {
  const kafka = new Kafka({ clientId: 'analytics-cost-bench', brokers, logLevel: logLevel.NOTHING });
  const producers: Producer[] = [];
  for (let i = 0; i < options.producers; i += 1) {
    const producer = kafka.producer();
    await producer.connect();
    producers.push(producer);
  }
  let published = 0;
  let due = 0;
  const perTick = (options.rate * options.flushMs) / 1000 / options.producers;
  const timers = producers.map((producer, i) => {
    let carry = 0;
    const send = () => {
      carry += perTick;
      const count = Math.floor(carry);
      carry -= count;
      const clicks = generateClicks(count, 1, options.links, Date.now(), { uniform: true, spreadMs: 0 });
      due += 1;
      void producer
        .send({
          topic: clicksTopic.name,
          messages: clicks.map((c) => ({ key: clicksTopic.keyOf(c), value: JSON.stringify(c) })),
        })
        .then(() => (published += count))
        .finally(() => (due -= 1));
    };
    const stagger = (options.flushMs / options.producers) * i;
    let interval: NodeJS.Timeout | undefined;
    const start = setTimeout(() => (interval = setInterval(send, options.flushMs)), stagger);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  });
  return {
    published: () => published,
    async stop() {
      for (const stop of timers) stop();
      while (due > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await Promise.all(producers.map((p) => p.disconnect()));
    },
  };
}
