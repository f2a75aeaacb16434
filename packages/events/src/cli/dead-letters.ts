#!/usr/bin/env node
import { helpRequested } from '@waymark/config';
import { createLogger } from '@waymark/logging';
import { KafkaEventBus } from '../kafka/kafka-event-bus';
import { listDeadLetters } from '../tools/list-dead-letters';
import { replayDeadLetters } from '../tools/replay-dead-letters';
import { parseDeadLettersCommand, USAGE, UsageError } from './dead-letters-command';

/**
 * `node packages/events/dist/src/cli/dead-letters.js replay --topic clicks.v1`: the operator's tool for a topic's
 * dead letters on a Kafka deployment (see docs/operations.md, "Dead letters"). Listings go to stdout, logs to stderr.
 */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (helpRequested(argv)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const command = parseDeadLettersCommand(argv, process.env);
  const logger = createLogger({
    service: 'waymark-dead-letters',
    level: command.logLevel,
    destination: process.stderr,
  });
  const bus = await KafkaEventBus.connect({ brokers: command.brokers, clientId: 'waymark-dead-letters', logger });
  try {
    if (command.action === 'list') {
      const count = await listDeadLetters(bus, command.topic, (entry) => {
        if (command.parkedBy === undefined || entry.parkedBy === command.parkedBy)
          process.stdout.write(`${JSON.stringify(entry)}\n`);
      });
      logger.info({ topic: command.topic.name, count }, 'dead letters listed');
    } else {
      const report = await replayDeadLetters({ bus, topic: command.topic, parkedBy: command.parkedBy, logger });
      process.stdout.write(`${JSON.stringify(report)}\n`);
    }
    return 0;
  } finally {
    await bus.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof UsageError ? 64 : 1);
  },
);
