#!/usr/bin/env bash
# Started by start.sh when Docker is present: runs a Dockhand agent on this machine, connected to
# the local server, prints its pairing code, and stops it when the server (pid $1) stops.
set -uo pipefail
cd "$(dirname "$0")/.."
server_pid="$1"
data_dir="${DATA_DIR:-.data}"
state_dir="$data_dir/agent"
log="$data_dir/agent.log"
install_dir="$data_dir/agent-install"
mkdir -p "$state_dir" "$install_dir" && chmod 700 "$state_dir"
rm -f "$state_dir/pairing-code"
# Installed like install.sh does: the fresh build under the launcher, the local release key pinned,
# so dashboard updates (signed with that key) and rollbacks work locally too.
cp agent/dist/dockhand-agent.mjs agent/dist/dockhand-agent-launcher.mjs "$install_dir/"
DOCKHAND_SERVER_URL="http://127.0.0.1:${PORT:-8080}" DOCKHAND_STATE_DIR="$state_dir" \
  DOCKHAND_RELEASE_KEY="$data_dir/release-key/release-key.pub.pem" \
  node "$install_dir/dockhand-agent-launcher.mjs" "$install_dir/dockhand-agent.mjs" >>"$log" 2>&1 &
agent_pid=$!
trap 'kill "$agent_pid" 2>/dev/null' EXIT
for _ in $(seq 1 60); do
  if [ -s "$state_dir/pairing-code" ]; then
    echo "Local agent pairing code: $(cat "$state_dir/pairing-code") (in the dashboard: Add server, then enter it)"
    break
  fi
  sleep 1
done
[ -s "$state_dir/pairing-code" ] || echo "Local agent started (already paired, or see $log)"
while kill -0 "$server_pid" 2>/dev/null && kill -0 "$agent_pid" 2>/dev/null; do sleep 2; done
