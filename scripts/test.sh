#!/usr/bin/env bash
# `npm test`: builds the bundles, then runs every test: the server tests first, on their own, then the
# end-to-end tests beside the unit tests. The server tests wait on databases, processes and their own HTTP
# round trips; run beside the end-to-end run's browsers on two cores they lost the CPU at every wake-up and took
# 1,656 s and 1,961 s in two rehearsals (the SQLite half alone, once the browsers were done, took 489 s), and their stalls broke timing they rely on (a keep-alive connection
# reset, a backend's answer outlasting its timeout) (docs/decisions/032-ci-time-on-two-cores.md). Each part
# has its own databases and ports. The end-to-end output is kept and printed after the unit tests', in one
# piece; the run fails if any part failed.
set -uo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
step() { printf '\n==> [npm test +%ss] %s\n' "$((SECONDS - started))" "$*"; }

step "build"
npm run build || exit $?

status=0
step "server tests"
npm run test:server || status=$?

e2e_log="$(mktemp)"
step "end-to-end tests (in the background; their output follows the unit tests)"
npm run test:e2e >"$e2e_log" 2>&1 &
e2e_pid=$!
# (Ctrl-C reaches the background run too: it is in this script's process group.)
trap 'rm -f "$e2e_log"' EXIT

step "unit and component tests"
npm run test:unit || status=$?

step "waiting for the end-to-end tests"
e2e_status=0
wait "$e2e_pid" || e2e_status=$?
cat "$e2e_log"
step "done (unit + server exit $status, end-to-end exit $e2e_status)"
[ "$status" = 0 ] && [ "$e2e_status" = 0 ]
