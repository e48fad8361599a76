#!/usr/bin/env bash
# Starts Debian's Chromium (CHROMIUM_BINARY) without the right to raise its own priority. Chromium gives its
# renderers' main, compositor and IO threads nice -8 ("display critical") wherever it may, and as root it
# may: beside the server tests on two cores that weighed about six times a test process at nice 0, and the
# server tests, which wait on many short round trips, lost the core at each wake-up for the whole
# end-to-end run (docs/decisions/032). Without CAP_SYS_NICE its requests fail quietly and every thread
# stays at the priority the tests run at. Playwright's pipe (file descriptors 3 and 4) passes through exec.
set -euo pipefail
exec setpriv --bounding-set -sys_nice --inh-caps -sys_nice -- "$CHROMIUM_BINARY" "$@"
