#!/usr/bin/env bash
# Provisions what the benchmarks need on a fresh machine (idempotent; needs root or sudo). The benchmarks start the
# same infrastructure as the tests (kcat's mock Kafka, redis-server, nginx, the embedded PostgreSQL) plus wrk, their
# load generator, and chromium, which bench:console loads the console in; the test provisioning installs all of them,
# so there is one list of Debian packages to keep.
set -euo pipefail
exec bash "$(dirname "$0")/provision-test-deps.sh"
