#!/usr/bin/env bash
# Installs the Debian packages the benchmarks need beyond the tests' own, only when missing (idempotent; needs root
# or sudo): wrk, the load generator of bench:redirector (C, so it takes little of the cores the servers are measured on).
set -euo pipefail

need=()
command -v wrk >/dev/null 2>&1 || need+=(wrk)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi

echo "provision: installing ${need[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}"
