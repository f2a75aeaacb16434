#!/usr/bin/env bash
# Turns off the kernel's automatic process grouping (autogroup) on the test and benchmark host, when it is on and
# this user may. With it on, the kernel can leave PostgreSQL's backends and its own kernel threads runnable but
# unscheduled for seconds at a time while the tests' node processes and CPU burners run, so every statement waits that
# long (see "Read-your-writes across services" in docs/decisions.md). Autogroup groups processes by terminal
# session, for desktops; the tests start every process from one session, so it gives them nothing.
set -euo pipefail

setting=/proc/sys/kernel/sched_autogroup_enabled
[ -r "$setting" ] || exit 0
[ "$(cat "$setting")" = 0 ] && exit 0

if [ -w "$setting" ]; then
  echo 0 >"$setting"
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  echo 0 | sudo -n tee "$setting" >/dev/null
else
  echo "provision: kernel.sched_autogroup_enabled is 1 and cannot be changed by this user; the production-shape" \
    "read-your-writes test may see PostgreSQL stall for seconds" \
    "(run: sudo sysctl -w kernel.sched_autogroup_enabled=0)" >&2
  exit 0
fi
echo "provision: kernel.sched_autogroup_enabled set to 0 for the tests and benchmarks (it was 1)"
