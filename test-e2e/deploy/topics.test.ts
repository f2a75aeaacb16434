import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_TOPICS, deadLetterTopicName } from '@waymark/contracts';
import { REPO_ROOT } from './support/service-catalog';

interface CreatedTopic {
  name: string;
  partitions: number;
  cleanupPolicy: string;
}

/** Runs create-topics.sh with a stand-in for kafka-topics.sh that records each call's arguments. */
function topicsCreatedByScript(): CreatedTopic[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'waymark-topics-'));
  try {
    const log = path.join(dir, 'calls');
    const fake = path.join(dir, 'kafka-topics.sh');
    writeFileSync(fake, `#!/usr/bin/env bash\nprintf '%s\\n' "$*" >> '${log}'\n`);
    chmodSync(fake, 0o755);
    execFileSync('bash', [path.join(REPO_ROOT, 'deploy', 'kafka', 'create-topics.sh')], {
      env: { PATH: process.env.PATH, KAFKA_TOPICS: fake, BOOTSTRAP: 'broker:9092', REPLICATION: '3' },
    });
    return readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const arg = (flag: string) => new RegExp(`${flag} (\\S+)`).exec(line)?.[1];
        expect(line).toContain('--create --if-not-exists');
        expect(arg('--bootstrap-server')).toBe('broker:9092');
        expect(arg('--replication-factor')).toBe('3');
        return {
          name: arg('--topic')!,
          partitions: Number(arg('--partitions')),
          cleanupPolicy: arg('--config')!.replace(/^cleanup\.policy=/, ''),
        };
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('deploy/kafka/create-topics.sh', () => {
  it('creates exactly the catalog topics with their partitions and compaction, and each one its dead-letter topic', () => {
    const expected = ALL_TOPICS.flatMap((topic) => [
      { name: topic.name, partitions: topic.partitions, cleanupPolicy: topic.compacted ? 'compact' : 'delete' },
      { name: deadLetterTopicName(topic.name), partitions: topic.partitions, cleanupPolicy: 'delete' },
    ]);
    const byName = (a: CreatedTopic, b: CreatedTopic) => a.name.localeCompare(b.name);
    expect(topicsCreatedByScript().sort(byName)).toEqual(expected.sort(byName));
  });
});
