#!/usr/bin/env bash
# End-to-end tests need Debian's Chromium (apt-get install chromium); Playwright never downloads a browser.
# Without it they are skipped locally with a notice; in CI (CI=true) a missing Chromium is a failure.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v chromium >/dev/null 2>&1; then
  if [ "${CI:-}" = "true" ]; then
    echo "CI must run the end-to-end tests: Debian's chromium is not installed" >&2
    exit 1
  fi
  echo
  echo "*** NOTICE: chromium is not installed, so the end-to-end tests were skipped."
  echo "*** Install it with 'sudo apt-get install chromium' and run 'npm run test:e2e'."
  echo
  exit 0
fi
export CHROMIUM_PATH="${CHROMIUM_PATH:-$(command -v chromium)}"
# As root, Chromium raises some of its threads above every other process (see the wrapper); the wrapper
# starts it without that right.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  export CHROMIUM_BINARY="$CHROMIUM_PATH"
  CHROMIUM_PATH="$PWD/chromium-at-normal-priority.sh"
fi
# The product's and the demo's ports: two the system has free now, on every interface. A fixed or derived
# number can be a port the machine's own services hold (RabbitMQ's epmd listens on 4369 on some machines).
if [ -z "${E2E_PORT:-}" ] || [ -z "${E2E_DEMO_PORT:-}" ]; then
  read -r E2E_PORT E2E_DEMO_PORT < <(node -e '
    const net = require("node:net");
    const servers = [net.createServer().listen(0), net.createServer().listen(0)];
    Promise.all(servers.map((s) => new Promise((r) => s.on("listening", r)))).then(() => {
      console.log(servers.map((s) => s.address().port).join(" "));
      for (const s of servers) s.close();
    });')
  export E2E_PORT E2E_DEMO_PORT
fi
exec npx playwright test -c playwright.config.ts "$@"
