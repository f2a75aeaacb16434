import type { Kafka, Producer } from 'kafkajs';
import { PublishCoalescer } from '../shared/publish-coalescer';
import { Murmur2Partitioner } from './murmur2-partitioner';

/**
 * A record as the producer takes it: EncodedMessage's texts, or their UTF-8 bytes already (a producer that packs its
 * records as bytes, the redirector's click thread, hands them on without decoding them to text and encoding them again).
 */
export interface KafkaRecord {
  key: string | Buffer;
  value: string | Buffer | null;
  headers: Record<string, string | Buffer>;
}

export interface TopicMessage extends KafkaRecord {
  topic: string;
}

/**
 * One producer behind a coalescer: publish calls within `lingerMs` go out as one sendBatch, acknowledged by all
 * in-sync replicas. One request in flight keeps order across retries. It is not kafkajs's idempotent producer
 * (experimental there, and it needs a controller the librdkafka mock does not report), so a retry after a lost
 * acknowledgement may write a duplicate: harmless, every event carries its eventId and consumers dedupe on it.
 * Keys pick partitions as kafkajs's default (Java-compatible murmur2) partitioner does, through an equal but cheaper
 * hash (murmur2-partitioner.ts), so order per key holds.
 */
export class KafkaPublisher {
  private readonly producer: Producer;
  private readonly coalescer: PublishCoalescer<TopicMessage>;

  constructor(kafka: Kafka, options: { lingerMs: number; maxBatch: number; retries: number }) {
    this.producer = kafka.producer({
      maxInFlightRequests: 1,
      createPartitioner: Murmur2Partitioner,
      allowAutoTopicCreation: true,
      retry: { retries: options.retries },
    });
    this.coalescer = new PublishCoalescer((messages) => this.send(messages), {
      lingerMs: options.lingerMs,
      maxItems: options.maxBatch,
    });
  }

  connect(): Promise<void> {
    return this.producer.connect();
  }

  publish(messages: TopicMessage[]): Promise<void> {
    return this.coalescer.add(messages);
  }

  async close(): Promise<void> {
    await this.coalescer.flush();
    await this.producer.disconnect();
  }

  private async send(messages: TopicMessage[]): Promise<void> {
    const byTopic = new Map<string, TopicMessage[]>();
    for (const message of messages) {
      const batch = byTopic.get(message.topic);
      if (batch) batch.push(message);
      else byTopic.set(message.topic, [message]);
    }
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, batch]) => ({
        topic,
        messages: batch.map(({ key, value, headers }) => ({ key, value, headers })),
      })),
    });
  }
}
