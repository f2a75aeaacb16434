import { parseDeadLettersCommand, UsageError } from './dead-letters-command';

const env = { KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092' };

function usageErrorOf(argv: string[], environment: Record<string, string | undefined> = env): string {
  try {
    parseDeadLettersCommand(argv, environment);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('the dead-letters command line', () => {
  it('replays a topic, optionally only what one group parked', () => {
    const command = parseDeadLettersCommand(['replay', '--topic', 'clicks.v1', '--parked-by', 'analytics-ingest'], env);
    expect(command).toMatchObject({
      action: 'replay',
      parkedBy: 'analytics-ingest',
      brokers: ['kafka-1:9092', 'kafka-2:9092'],
      logLevel: 'info',
    });
    expect(command.topic.name).toBe('clicks.v1');
    expect(parseDeadLettersCommand(['replay', '--topic', 'exports.requested.v1'], env).parkedBy).toBeUndefined();
  });

  it('lists any topic, compacted ones too', () => {
    expect(parseDeadLettersCommand(['list', '--topic', 'links.v1'], { ...env, LOG_LEVEL: 'warn' })).toMatchObject({
      action: 'list',
      logLevel: 'warn',
    });
  });

  it('refuses to replay a compacted topic, saying why', () => {
    expect(usageErrorOf(['replay', '--topic', 'links.v1'])).toMatch(/links\.v1 is compacted.*newer state/);
  });

  it('names what is wrong with the arguments', () => {
    expect(usageErrorOf([])).toMatch(/expected list or replay, got nothing/);
    expect(usageErrorOf(['purge', '--topic', 'clicks.v1'])).toMatch(/expected list or replay, got purge/);
    expect(usageErrorOf(['replay'])).toMatch(/--topic must name one of: links\.v1, .*clicks\.v1/);
    expect(usageErrorOf(['replay', '--topic', 'clicks'])).toMatch(/\(got clicks\)/);
    expect(usageErrorOf(['replay', '--topic', 'clicks.v1', '--force'])).toMatch(/Unknown option '--force'/);
    expect(usageErrorOf(['replay', '--topic', 'clicks.v1', 'extra'])).toMatch(/unexpected argument extra/);
    expect(usageErrorOf(['replay', '--topic', 'clicks.v1', '--parked-by', ' '])).toMatch(
      /--parked-by must name a consumer group/,
    );
  });

  it('requires valid brokers in the environment', () => {
    expect(usageErrorOf(['list', '--topic', 'clicks.v1'], {})).toMatch(/KAFKA_BROKERS.*required/);
    expect(usageErrorOf(['list', '--topic', 'clicks.v1'], { KAFKA_BROKERS: 'kafka' })).toMatch(/KAFKA_BROKERS/);
    expect(usageErrorOf(['list', '--topic', 'clicks.v1'], { ...env, LOG_LEVEL: 'loud' })).toMatch(/LOG_LEVEL/);
  });
});
