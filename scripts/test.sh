#!/usr/bin/env bash
# `npm test`: builds the bundles, then runs every test, one part after another: the server tests, the unit and
# component tests, then the end-to-end tests in Chromium. Each part keeps both cores busy on its own, so side
# by side they only took turns at the CPU, and timing the server tests rely on broke (decision 032): the unit
# tests took 761 s beside the end-to-end run instead of about 140 s alone, and the end-to-end run 828 s
# instead of about 490 s. The run goes on after a failing part, so one run reports every failure.
set -uo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
step() { printf '\n==> [npm test +%ss] %s\n' "$((SECONDS - started))" "$*"; }

step "build"
npm run build || exit $?

status=0
step "server tests"
npm run test:server || status=$?

step "unit and component tests"
npm run test:unit || status=$?

step "end-to-end tests"
e2e_status=0
npm run test:e2e || e2e_status=$?

step "done (server + unit exit $status, end-to-end exit $e2e_status)"
[ "$status" = 0 ] && [ "$e2e_status" = 0 ]
