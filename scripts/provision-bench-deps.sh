#!/usr/bin/env bash
# Installs the Debian packages the benchmarks need beyond the tests' own, only when missing (idempotent; needs root
# or sudo): wrk, the load generator of bench:redirector and bench:system's redirect comparison (C, so it takes little
# of the cores the servers are measured on); chromium, the browser bench:console loads the console in.
set -euo pipefail

need=()
command -v wrk >/dev/null 2>&1 || need+=(wrk)
command -v chromium >/dev/null 2>&1 || need+=(chromium)

[ ${#need[@]} -eq 0 ] || bash "$(dirname "$0")/apt-install.sh" "${need[@]}"
