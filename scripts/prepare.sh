#!/usr/bin/env bash
# Installs and starts what Dockhand needs on a fresh Debian 12 machine with Node 20 (run as root).
# Idempotent: a second run only checks. Used by the README's commands and by CI.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=10.34.8
APT_PACKAGES=(chromium docker.io docker-compose busybox-static postgresql caddy haproxy)

need_apt=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || need_apt+=("$pkg")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "prepare: installing ${need_apt[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

if [ "$(pnpm --version 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
  echo "prepare: installing pnpm $PNPM_VERSION"
  npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1
fi

# Docker engine: started when installed but not running (the same script start.sh uses).
bash scripts/docker-engine.sh prepare || { tail -20 /var/log/dockerd.log 2>/dev/null; exit 1; }

# PostgreSQL: the Debian cluster, for the server suite's PostgreSQL run.
if ! pg_isready -q 2>/dev/null; then
  echo "prepare: starting PostgreSQL"
  cluster=$(pg_lsclusters -h | awk 'NR==1 {print $1" "$2}')
  # shellcheck disable=SC2086
  pg_ctlcluster $cluster start
  for _ in $(seq 1 30); do pg_isready -q && break; sleep 1; done
fi
su postgres -c "psql -qtAc \"select 1 from pg_roles where rolname='dockhand'\"" | grep -q 1 ||
  su postgres -c "psql -qc \"create role dockhand login superuser password 'dockhand'\""

echo "prepare: system ready"
