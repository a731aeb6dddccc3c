#!/usr/bin/env bash
# Starts Dockhand as three replicas on one PostgreSQL database behind Debian's haproxy, all on
# loopback (README, 'Run several replicas'): the balancer on BALANCER_PORT (8080), the replicas on
# the next three ports. A replica that dies leaves the others serving; Ctrl-C (or SIGTERM) stops
# them all. PostgreSQL and haproxy come from scripts/prepare.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

BALANCER_PORT="${BALANCER_PORT:-8080}"
ADMIN_URL="${ADMIN_DATABASE_URL:-postgres://dockhand:dockhand@127.0.0.1:5432/postgres}"
DATABASE_NAME="${DATABASE_NAME:-dockhand}"
# Each replica's data folder, log (replica-N.log) and process id (replica-N.pid; haproxy's: balancer.pid).
REPLICAS_DIR="$(mkdir -p "${REPLICAS_DIR:-.data}" && cd "${REPLICAS_DIR:-.data}" && pwd)"
export DATABASE_URL="${ADMIN_URL%/*}/$DATABASE_NAME"

if ! pg_isready -q -h 127.0.0.1 || ! command -v haproxy >/dev/null; then bash scripts/prepare.sh; fi
psql "$ADMIN_URL" -qtAc "select 1 from pg_database where datname = '$DATABASE_NAME'" | grep -q 1 ||
  psql "$ADMIN_URL" -qc "create database $DATABASE_NAME"

# The built server when there is one (pnpm build), the sources otherwise.
if [ -f server/dist/main.js ]; then server=(node dist/main.js); else server=(node --import tsx src/main.ts); fi

pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for n in 1 2 3; do
  port=$((BALANCER_PORT + n))
  (cd server && PORT="$port" DATA_DIR="$REPLICAS_DIR/replica-$n" PUBLIC_URL="${PUBLIC_URL:-http://localhost:$BALANCER_PORT}" \
    TRUST_PROXY=1 DEV_IDP="${DEV_IDP:-1}" BILLING_PROVIDER="${BILLING_PROVIDER:-dev}" \
    exec "${server[@]}" >"$REPLICAS_DIR/replica-$n.log" 2>&1) &
  pids+=($!)
  echo $! >"$REPLICAS_DIR/replica-$n.pid"
  export "REPLICA_$n=127.0.0.1:$port"
done
for n in 1 2 3; do
  port=$((BALANCER_PORT + n))
  for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 1; done
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null || { echo "replica $n did not start, see $REPLICAS_DIR/replica-$n.log"; exit 1; }
done

export BALANCER_ADDRESS="127.0.0.1:$BALANCER_PORT"
haproxy -f scripts/replicas/haproxy.cfg -db &
haproxy=$!
pids+=($haproxy)
echo "$haproxy" >"$REPLICAS_DIR/balancer.pid"
echo "Dockhand: 3 replicas behind haproxy at http://127.0.0.1:$BALANCER_PORT (logs in $REPLICAS_DIR/replica-N.log)"
# A replica that dies (kill -9 is what the set survives) leaves the others serving; the set ends with the balancer.
wait "$haproxy"
