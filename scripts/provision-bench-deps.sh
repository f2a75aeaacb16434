#!/usr/bin/env bash
# Installs the Debian packages the benchmarks need beyond the tests' own, only when missing (idempotent; needs root
# or sudo): wrk, the load generator of bench:redirector and bench:system's redirect comparison (C, so it takes little
# of the cores the servers are measured on).
set -euo pipefail

need=()
command -v wrk >/dev/null 2>&1 || need+=(wrk)

[ ${#need[@]} -eq 0 ] || bash "$(dirname "$0")/apt-install.sh" "${need[@]}"
