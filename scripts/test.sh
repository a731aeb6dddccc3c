#!/usr/bin/env bash
# Runs every test of Dockhand: types, lint, unit and component tests, server and agent suites
# (SQLite and PostgreSQL, real Docker), then the browser end-to-end journeys against the
# production build. Prints one closing line: 'tests: N passed, N failed'.
set -uo pipefail
cd "$(dirname "$0")/.."
export XDG_CACHE_HOME="${XDG_CACHE_HOME:-/tmp/dockhand-cache}"
results=.test-results
rm -rf "$results" && mkdir -p "$results"

bash scripts/prepare.sh || exit 1
pnpm install --frozen-lockfile || exit 1

status=0
step() { echo; echo "== $1"; shift; "$@" || { echo "!! step failed: $*"; status=1; }; }

step "typecheck" pnpm typecheck
step "lint" pnpm lint
step "build" pnpm build
step "dashboard unit and component tests" pnpm test:unit --json --outputFile="$results/jest.json"
step "server tests (SQLite)" pnpm --filter server test -- --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination="$PWD/$results/server-sqlite.tap"
step "server tests (PostgreSQL)" env TEST_DATABASE_URL=postgres://dockhand:dockhand@127.0.0.1:5432/postgres pnpm --filter server test -- --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination="$PWD/$results/server-postgres.tap"
step "agent tests" pnpm --filter agent test -- --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination="$PWD/$results/agent.tap"
step "end-to-end tests" env PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$results/e2e.json" pnpm test:e2e --reporter=list,json

node scripts/summarize-tests.mjs "$results" || status=1
exit $status
