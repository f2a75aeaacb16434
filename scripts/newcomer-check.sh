#!/usr/bin/env bash
# The newcomer path (run by .ci/run after the tests): the README's first command as written, in this working tree with
# the default data folder, then the first API calls with what its banner prints (test-e2e/newcomer/newcomer-check.ts).
# Any failing step prints `newcomer check failed at step: <name>: <reason>` and exits non-zero. Needs the dev
# dependencies installed (the check itself runs from TypeScript sources, as the tests do).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node packages/runtime/run-ts.js test-e2e/newcomer/newcomer-check.ts
