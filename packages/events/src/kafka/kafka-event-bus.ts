import { Kafka, type Admin } from 'kafkajs';
import { deadLetterTopicName, type TopicDef } from '@waymark/contracts';
import type { EventBus, OutgoingMessage, SubscribeOptions, Subscription } from '../event-bus';
import { DEFAULT_RETRY, type RetryPolicy } from '../shared/batch-runner';
import type { BusLogger } from '../shared/bus-logger';
import { tracedPublish } from '@waymark/tracing';
import { encodeOutgoing } from '../shared/codec';
import { deadLetterHeaders } from '../shared/dead-letter';
import type { RawMessage } from '../shared/dispatch';
import { BrokerProbe } from './broker-probe';
import { kafkaLogCreator } from './kafka-log-creator';
import { KafkaPublisher, type KafkaRecord } from './kafka-publisher';
import { DEFAULT_RESTART_POLICY, type ConsumerRestartPolicy } from './consumer-restarter';
import { consumerTuning } from './consumer-tuning';
import { subscribeKafka, type ConsumerTuning, type KafkaSubscription } from './kafka-subscription';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  logger: BusLogger;
  /** How long publish calls are coalesced into one produce request. Default 5 ms. */
  lingerMs?: number;
  /** Broker-level retries of a produce request (kafkajs backoff). Default 8. */
  producerRetries?: number;
  retry?: Partial<RetryPolicy>;
  /** Without a heartbeat interval, heartbeats go every tenth of the session timeout (kafkajs' 30 s and 3 s). */
  consumer?: Partial<ConsumerTuning>;
  /** How a consumer kafkajs gave up on is restarted, and when its absence makes the bus unhealthy. */
  restart?: Partial<ConsumerRestartPolicy>;
}

/** The production event bus: Kafka through kafkajs. Topics are created by the deploy job, not here. */
export class KafkaEventBus implements EventBus {
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closing: Promise<void> | undefined;
  /** The outcome of the previous health probe, to log changes only. */
  private lastHealth: boolean | undefined;

  private constructor(
    private readonly options: KafkaEventBusOptions,
    private readonly kafka: Kafka,
    private readonly admin: Admin,
    private readonly publisher: KafkaPublisher,
    private readonly brokerProbe: BrokerProbe,
  ) {}

  static async connect(options: KafkaEventBusOptions): Promise<KafkaEventBus> {
    const kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logCreator: kafkaLogCreator(options.logger),
    });
    const admin = kafka.admin();
    const publisher = new KafkaPublisher(kafka, {
      lingerMs: options.lingerMs ?? 5,
      maxBatch: 1000,
      retries: options.producerRetries ?? 8,
    });
    await Promise.all([admin.connect(), publisher.connect()]);
    return new KafkaEventBus(options, kafka, admin, publisher, new BrokerProbe(() => kafka.admin()));
  }

  async publish<V>(topic: TopicDef<V>, messages: OutgoingMessage<V>[]): Promise<void> {
    const encoded = encodeOutgoing(topic, messages);
    await tracedPublish({ system: 'kafka', topic: topic.name }, encoded, () => this.publishEncoded(topic, encoded));
  }

  /**
   * Publishes values that are already JSON text (or its UTF-8 bytes), as publish() would have encoded them (the
   * `event-id` header included), without parsing or checking them again. For a hot producer that builds its values
   * as text itself (the redirector's click events) and tests that builder against the topic's schema; everything
   * else uses publish().
   */
  async publishEncoded<V>(topic: TopicDef<V>, messages: KafkaRecord[]): Promise<void> {
    await this.publisher.publish(messages.map((message) => ({ topic: topic.name, ...message })));
  }

  async subscribe<V>(options: SubscribeOptions<V>): Promise<Subscription> {
    const subscription = await subscribeKafka(
      {
        kafka: this.kafka,
        admin: this.admin,
        clientId: this.options.clientId,
        logger: this.options.logger,
        retry: { ...DEFAULT_RETRY, ...this.options.retry },
        tuning: consumerTuning(this.options.consumer),
        park: (topicName, groupId, raw, error) => this.park(topicName, groupId, raw, error),
        restart: { ...DEFAULT_RESTART_POLICY, ...this.options.restart },
      },
      options,
    );
    const tracked: KafkaSubscription = {
      ...subscription,
      stop: async () => {
        await subscription.stop();
        this.subscriptions.delete(tracked);
      },
    };
    this.subscriptions.add(tracked);
    return tracked;
  }

  /**
   * True when a broker answers a metadata request within two seconds (see BrokerProbe), and no consumer of this bus has
   * been down after a crash for longer than the restart policy's `stalledAfterMs` (it is being restarted meanwhile;
   * see ConsumerRestarter). A change of outcome is logged with its reason, so an unready process says why without
   * logging every probe.
   */
  async healthy(): Promise<boolean> {
    for (const subscription of this.subscriptions) {
      const crash = subscription.stalled();
      if (crash)
        return this.reportHealth(false, { reason: 'a consumer has been down since it crashed', err: crash.message });
    }
    const replacementsBefore = this.brokerProbe.replacements;
    const outcome = await this.brokerProbe.probe();
    if (this.brokerProbe.replacements !== replacementsBefore) {
      this.options.logger.warn(
        { reason: outcome },
        'the broker probe kept failing; its admin client was replaced by a fresh one',
      );
    }
    return outcome === true ? this.reportHealth(true, {}) : this.reportHealth(false, { reason: outcome });
  }

  private reportHealth(healthy: boolean, details: Record<string, unknown>): boolean {
    if (healthy !== this.lastHealth) {
      if (healthy) this.options.logger.info({}, 'event bus healthy: a broker answers');
      else this.options.logger.warn(details, 'event bus unhealthy');
      this.lastHealth = healthy;
    }
    return healthy;
  }

  /** Stops every subscription (committing what was handled), flushes pending publishes; idempotent. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
      await this.publisher.close();
      await Promise.all([this.admin.disconnect(), this.brokerProbe.close()]);
    })());
  }

  private park(topicName: string, groupId: string, raw: RawMessage, error: string): Promise<void> {
    const origin = { topic: topicName, partition: raw.partition, offset: raw.offset, groupId };
    return this.publisher.publish([
      {
        topic: deadLetterTopicName(topicName),
        key: raw.key,
        value: raw.value,
        headers: deadLetterHeaders(origin, error, raw.headers),
      },
    ]);
  }
}
