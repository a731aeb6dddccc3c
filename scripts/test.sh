#!/usr/bin/env bash
# Runs every test of Dockhand: types, lint, unit and component tests, contract, the catalog check, the scripts' own tests, server and agent suites
# (SQLite and PostgreSQL, real Docker), the JavaScript size budgets, then the browser end-to-end journeys against the
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
# A node:test suite (contract, server, agent): readable output here, TAP totals for the summary.
node_suite() {
  local dir=$1 tap=$2
  (cd "$dir" && node --import tsx --test --test-concurrency=1 \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$tap" \
    $(find src -name '*.test.ts' | sort))
}

step "typecheck" pnpm typecheck
step "lint" pnpm lint
step "build" pnpm build
# Bytes are deterministic: the JavaScript budgets of bench/bundle-size/budgets.ts are a test.
step "bundle size budgets" pnpm --filter bench bundle-size --check
step "dashboard unit and component tests" pnpm test:unit --json --outputFile="$results/jest.json"
step "contract tests" node_suite contract "$PWD/$results/contract.tap"
# Every built-in template (one test each, as `pnpm catalog:check`) and the check's broken fixtures.
step "catalog check" node_suite scripts/catalog-check "$PWD/$results/catalog-check.tap"
step "script tests" node --test --test-concurrency=1 --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$results/scripts.tap" scripts/test/*.test.mjs
step "server tests (SQLite)" node_suite server "$PWD/$results/server-sqlite.tap"
TEST_DATABASE_URL=postgres://dockhand:dockhand@127.0.0.1:5432/postgres step "server tests (PostgreSQL)" node_suite server "$PWD/$results/server-postgres.tap"
step "agent tests" node_suite agent "$PWD/$results/agent.tap"
step "end-to-end tests" env PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$results/e2e.json" pnpm test:e2e --reporter=list,json

node scripts/summarize-tests.mjs "$results" || status=1
exit $status
