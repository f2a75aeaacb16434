import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ALL_TOPICS, type TopicDef } from '@waymark/contracts';
import { kafkaEnv, parseConfig, type Env } from '@waymark/config';
import { replayRefusal } from '../tools/replay-dead-letters';

export const USAGE = `usage: waymark-dead-letters <list|replay> --topic TOPIC [--parked-by GROUP]
  list     prints every message in TOPIC's dead-letter topic (TOPIC.dlq) as a JSON line: where it came from,
           which consumer group parked it and why, and whether it is valid today. Changes nothing.
  replay   publishes TOPIC's dead letters back to TOPIC, once (progress is kept in a consumer group of its own),
           skipping values that still fail the topic's schema. Only non-compacted topics.
  --parked-by GROUP   replay only what that consumer group parked (list: show only those)
environment: KAFKA_BROKERS=host:port,... (required), LOG_LEVEL (default info; logs go to stderr)
topics: ${ALL_TOPICS.map((t) => t.name).join(', ')}`;

export class UsageError extends Error {}

export interface DeadLettersCommand {
  action: 'list' | 'replay';
  topic: TopicDef<unknown>;
  parkedBy?: string;
  brokers: string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

const cliEnv = z.object({
  KAFKA_BROKERS: kafkaEnv.KAFKA_BROKERS,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});

/** Turns the command line and environment into a command; every problem is a UsageError naming it. */
export function parseDeadLettersCommand(argv: string[], env: Env): DeadLettersCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { topic: { type: 'string' }, 'parked-by': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [action, ...extra] = positionals;
  if (action !== 'list' && action !== 'replay')
    throw new UsageError(`expected list or replay, got ${action ?? 'nothing'}\n${USAGE}`);
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}\n${USAGE}`);
  const topic = ALL_TOPICS.find((t) => t.name === values.topic);
  if (!topic)
    throw new UsageError(
      `--topic must name one of: ${ALL_TOPICS.map((t) => t.name).join(', ')}${values.topic ? ` (got ${values.topic})` : ''}`,
    );
  if (action === 'replay') {
    const refusal = replayRefusal(topic);
    if (refusal) throw new UsageError(refusal);
  }
  const parkedBy = values['parked-by'];
  if (parkedBy !== undefined && parkedBy.trim() === '') throw new UsageError('--parked-by must name a consumer group');
  let config;
  try {
    config = parseConfig(cliEnv, env, { service: 'waymark-dead-letters' });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return {
    action,
    topic,
    brokers: config.KAFKA_BROKERS,
    logLevel: config.LOG_LEVEL,
    ...(parkedBy === undefined ? {} : { parkedBy }),
  };
}
