#!/usr/bin/env bash
# Creates Waymark's topics with their partitions and cleanup policies (packages/contracts/src/topics.ts is the source
# of truth; test-e2e/deploy checks that this list matches it). Idempotent: existing topics are left as they are.
# Topic names are persisted contracts: never rename one in place.
set -euo pipefail
BOOTSTRAP="${BOOTSTRAP:-kafka:9092}"
REPLICATION="${REPLICATION:-1}"
KAFKA_TOPICS="${KAFKA_TOPICS:-/opt/kafka/bin/kafka-topics.sh}"

create() { # name partitions cleanup.policy
  "$KAFKA_TOPICS" --bootstrap-server "$BOOTSTRAP" --create --if-not-exists --topic "$1" \
    --partitions "$2" --replication-factor "$REPLICATION" --config "cleanup.policy=$3"
}

# topic name partitions cleanup.policy: the topic and its dead-letter topic (`<name>.dlq`: messages that failed
# validation or kept failing, kept for inspection; same partitions as its topic, as @waymark/events declares it).
topic() {
  create "$1" "$2" "$3"
  create "$1.dlq" "$2" delete
}

topic links.v1 12 compact
topic identity.v1 3 compact
topic channels.v1 3 compact
topic clicks.v1 12 delete
topic link-activity.v1 12 compact
topic exports.requested.v1 6 delete
topic exports.status.v1 6 delete
