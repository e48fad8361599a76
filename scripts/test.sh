#!/usr/bin/env bash
# `npm test`: builds the bundles, then runs every test. The end-to-end tests run beside the server and unit
# tests rather than after them: each of the three waits on browsers, databases and timers much of the time,
# so on a two-core machine running them one after another left a core idle for minutes
# (docs/decisions/032-ci-time-on-two-cores.md). Each part has its own databases and ports. The end-to-end
# output is kept and printed after the rest, in one piece; the run fails if any part failed.
set -uo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
step() { printf '\n==> [npm test +%ss] %s\n' "$((SECONDS - started))" "$*"; }

step "build"
npm run build || exit $?

e2e_log="$(mktemp)"
step "end-to-end tests (in the background; their output follows the unit tests)"
npm run test:e2e >"$e2e_log" 2>&1 &
e2e_pid=$!
# (Ctrl-C reaches the background run too: it is in this script's process group.)
trap 'rm -f "$e2e_log"' EXIT

# The server tests first: they are the longest part and wait on databases and processes much of the time,
# so they share the cores with the end-to-end run best. The unit tests go last, on two workers, when the
# end-to-end run (and in CI the Node 24 stage) has finished with the cores.
status=0
step "server tests"
npm run test:server || status=$?
step "unit and component tests"
npm run test:unit || status=$?

step "waiting for the end-to-end tests"
e2e_status=0
wait "$e2e_pid" || e2e_status=$?
cat "$e2e_log"
step "done (unit + server exit $status, end-to-end exit $e2e_status)"
[ "$status" = 0 ] && [ "$e2e_status" = 0 ]
