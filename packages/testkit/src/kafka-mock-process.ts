import { findBinary } from './find-binary';
import { ManagedProcess } from './managed-process';

export interface KafkaMockOptions {
  /** Number of brokers in the mock cluster (default 3). */
  brokers?: number;
}

export interface StartedKafkaMock {
  brokers: string[];
  /** Freezes the whole cluster (SIGSTOP): clients see dead brokers; data and ports survive. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
  /** Null while the cluster runs; else how it ended, with its last output (for a test's failure message). */
  exitReport(): string | null;
}

const ANNOUNCED = /replaced with (\S+)\s*$/;

/**
 * Starts librdkafka's mock cluster, which speaks the Kafka protocol, through Debian's `kcat`:
 * a kcat consumer with `test.mock.num.brokers` set hosts the cluster for as long as it runs, and
 * announces its broker addresses on stderr. Topics auto-create (4 partitions); admin createTopics fails.
 */
export async function startKafkaMock(opts: KafkaMockOptions = {}): Promise<StartedKafkaMock> {
  const count = opts.brokers ?? 3;
  if (!Number.isInteger(count) || count < 1) throw new Error(`brokers must be a positive integer, got ${count}`);
  const kcat = findBinary('kcat', 'apt-get install -y kcat');
  const proc = new ManagedProcess(
    kcat,
    // -E and a long socket timeout: the cluster lives inside kcat's own consumer, which a long pause() would
    // otherwise see as a timed-out broker ("all brokers down") and exit on, taking the cluster with it.
    [
      '-b',
      'unused:1',
      '-C',
      '-E',
      '-t',
      '_boot',
      '-X',
      `test.mock.num.brokers=${count}`,
      '-X',
      'socket.timeout.ms=300000',
    ],
    { deathSignal: 'SIGKILL' },
  );
  let match: RegExpMatchArray;
  try {
    match = await proc.waitForLine(ANNOUNCED, 15_000);
  } catch (error) {
    await proc.stop('SIGKILL');
    throw error;
  }
  const brokers = (match[1] ?? '').split(',').filter(Boolean);
  if (brokers.length !== count) {
    await proc.stop('SIGKILL');
    throw proc.failure(`announced ${brokers.length} brokers instead of ${count}`);
  }
  return {
    brokers,
    ...proc.controls('Kafka mock cluster'),
    exitReport() {
      return proc.hasExited ? proc.failure('(Kafka mock cluster) is no longer running').message : null;
    },
  };
}
