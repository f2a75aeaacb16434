#!/usr/bin/env bash
# Installs the given Debian packages (with sudo when not root). The provisioning scripts decide what is missing.
set -euo pipefail
[ $# -gt 0 ] || exit 0
echo "provision: installing $*"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "$@"
