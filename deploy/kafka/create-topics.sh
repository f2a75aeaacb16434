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

create links.v1 12 compact
create identity.v1 3 compact
create channels.v1 3 compact
create clicks.v1 12 delete
create exports.requested.v1 6 delete
create exports.status.v1 6 delete
# Dead-letter topics: messages that failed validation or kept failing, kept for inspection.
for topic in links.v1 identity.v1 channels.v1 clicks.v1 exports.requested.v1 exports.status.v1; do
  create "$topic.dlq" 1 delete
done
