#!/usr/bin/env bash
# The README's test command: provision what the tests need, install, build, lint, run every suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/provision-test-deps.sh
[ -d node_modules ] || npm install --no-audit --no-fund
npm run build
npm run lint
report="$(mktemp)"
status=0
# --forceExit: once every suite has reported, a handle left open by a failed test (a half-started client, a child's
# pipe) must not keep jest, and with it CI, waiting until its time limit; the report is already written by then.
npx jest --ci --forceExit --json --outputFile="$report" "$@" || status=$?
# One plain closing line, whatever jest printed above it.
node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)' "$report" || true
exit $status
