#!/usr/bin/env bash
# Installs the Debian packages the test suites need, only when missing (idempotent; needs root or sudo).
# The test kit starts these as local processes: redis-server, kcat (librdkafka's mock Kafka cluster), nginx (the API
# gateway in end-to-end tests), ghostscript and qpdf (print preflight of exported artwork), wrk (the benchmarks' load
# generator, whose shared loader in the test kit has a test of its own), chromium (browser tests through playwright-core,
# which never downloads a browser of its own), setpriv (util-linux: the test kit's child processes die with their parent).
set -euo pipefail

bash "$(dirname "$0")/test-host-scheduling.sh"

need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v kcat >/dev/null 2>&1 || need+=(kcat)
command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
command -v gs >/dev/null 2>&1 || need+=(ghostscript)
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
command -v wrk >/dev/null 2>&1 || need+=(wrk)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v setpriv >/dev/null 2>&1 || need+=(util-linux)

if [ ${#need[@]} -eq 0 ]; then
  echo "provision: all test dependencies present"
  exit 0
fi
bash "$(dirname "$0")/apt-install.sh" "${need[@]}"
