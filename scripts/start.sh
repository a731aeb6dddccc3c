#!/usr/bin/env bash
# Sets up and starts Dockhand on its embedded defaults: SQLite under .data/, the built-in
# development identity provider, and a local agent when a Docker engine is present.
set -euo pipefail
cd "$(dirname "$0")/.."
export XDG_CACHE_HOME="${XDG_CACHE_HOME:-/tmp/dockhand-cache}"

if [ "$(pnpm --version 2>/dev/null || true)" != "10.34.8" ]; then
  npm install -g pnpm@10.34.8 >/dev/null 2>&1
fi
pnpm install --frozen-lockfile
pnpm build
# A local agent release key (development only; production keeps its key offline, see README).
node scripts/agent-release-key.mjs --if-missing
# Built-in development sign-in and billing unless told otherwise (both are refused in production mode).
export DEV_IDP="${DEV_IDP:-1}" BILLING_PROVIDER="${BILLING_PROVIDER:-dev}"
# A local agent next to the server (it prints its pairing code). An installed but stopped engine is
# started; without one, a line says why there is no local agent and what fixes it.
if [ "${LOCAL_AGENT:-1}" = 1 ] && bash scripts/docker-engine.sh start; then
  bash scripts/start-local-agent.sh "$$" &
fi
exec node server/dist/main.js
