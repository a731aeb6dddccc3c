/**
 * The script behind `curl -fsSL {host}/install.sh | sh`. It needs no Node on the machine: it
 * downloads the Node runtime, the one-file agent bundle and its launcher from this server, pins
 * the agent release public key beside the agent's configuration (updates must be signed by it),
 * installs a systemd unit for the launcher (which runs the agent and rolls failed updates back),
 * starts it and prints the pairing code.
 * Flags: --prefix DIR (default /opt/dockhand-agent), --state-dir DIR (default
 * /var/lib/dockhand-agent), --no-systemd (start in the background instead; for tests/containers).
 * It also installs `{prefix}/bin/dockhand-agent` (linked into /usr/local/bin with systemd) for the
 * host-side commands, e.g. `dockhand-agent policy show`.
 */
export function installScript(serverUrl: string): string {
  const quoted = `'${serverUrl.replace(/'/g, `'\\''`)}'`;
  return `#!/bin/sh
# Dockhand agent installer
set -eu
SERVER_URL=${quoted}
PREFIX=/opt/dockhand-agent
STATE_DIR=/var/lib/dockhand-agent
USE_SYSTEMD=1
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) PREFIX="$2"; shift 2 ;;
    --state-dir) STATE_DIR="$2"; shift 2 ;;
    --no-systemd) USE_SYSTEMD=0; shift ;;
    --server) SERVER_URL="$2"; shift 2 ;;
    *) echo "dockhand: unknown option $1" >&2; exit 2 ;;
  esac
done

fetch() {
  if command -v curl >/dev/null 2>&1; then curl -fsSL "$1" -o "$2"
  elif command -v wget >/dev/null 2>&1; then wget -q "$1" -O "$2"
  else echo "dockhand: curl or wget is required" >&2; exit 1; fi
}

if ! command -v docker >/dev/null 2>&1; then
  echo "dockhand: Docker is not installed; install docker.io (and docker-compose) first" >&2
  exit 1
fi

# Compose v2 (the Docker CLI plugin) where the distribution offers it: Docker's own repository
# packages it as docker-compose-plugin, Ubuntu as docker-compose-v2. Without it the agent falls
# back to docker-compose (v1), which lacks newer Compose features (the dashboard names them).
if ! docker compose version >/dev/null 2>&1; then
  for package in docker-compose-plugin docker-compose-v2; do
    if command -v apt-get >/dev/null 2>&1 && apt-cache show "$package" >/dev/null 2>&1; then
      echo "dockhand: installing Compose v2 ($package)"
      DEBIAN_FRONTEND=noninteractive apt-get install -y "$package" >/dev/null 2>&1 || true
    elif command -v dnf >/dev/null 2>&1 && dnf -q info "$package" >/dev/null 2>&1; then
      echo "dockhand: installing Compose v2 ($package)"
      dnf install -y "$package" >/dev/null 2>&1 || true
    fi
    if docker compose version >/dev/null 2>&1; then break; fi
  done
fi
if docker compose version >/dev/null 2>&1; then
  echo "dockhand: using $(docker compose version)"
elif command -v docker-compose >/dev/null 2>&1; then
  echo "dockhand: Compose v2 is not available from this distribution; apps run with $(docker-compose version --short 2>/dev/null | sed 's/^/docker-compose /') (legacy v1)" >&2
else
  echo "dockhand: Docker Compose is not installed; install docker-compose-plugin (or docker-compose) first" >&2
  exit 1
fi

mkdir -p "$PREFIX/bin" "$STATE_DIR"
chmod 700 "$STATE_DIR"
echo "dockhand: downloading the agent from $SERVER_URL"
fetch "$SERVER_URL/agent/download/node" "$PREFIX/bin/node.new"
chmod 755 "$PREFIX/bin/node.new" && mv "$PREFIX/bin/node.new" "$PREFIX/bin/node"
fetch "$SERVER_URL/agent/download/dockhand-agent.mjs" "$PREFIX/dockhand-agent.mjs.new"
mv "$PREFIX/dockhand-agent.mjs.new" "$PREFIX/dockhand-agent.mjs"
fetch "$SERVER_URL/agent/download/dockhand-agent-launcher.mjs" "$PREFIX/dockhand-agent-launcher.mjs.new"
mv "$PREFIX/dockhand-agent-launcher.mjs.new" "$PREFIX/dockhand-agent-launcher.mjs"
# The release key is pinned here, once: later updates are accepted only when signed by it.
if fetch "$SERVER_URL/agent/download/release-key.pub.pem" "$PREFIX/release-key.pub.pem.new" 2>/dev/null; then
  mv "$PREFIX/release-key.pub.pem.new" "$PREFIX/release-key.pub.pem"
  chmod 644 "$PREFIX/release-key.pub.pem"
else
  rm -f "$PREFIX/release-key.pub.pem.new"
  echo "dockhand: this server offers no release key; dashboard updates of this agent stay off" >&2
fi
cat > "$PREFIX/agent.env" <<ENV
DOCKHAND_SERVER_URL=$SERVER_URL
DOCKHAND_STATE_DIR=$STATE_DIR
DOCKHAND_RELEASE_KEY=$PREFIX/release-key.pub.pem
ENV
rm -f "$STATE_DIR/pairing-code"
# Host-side commands (dockhand-agent policy ...) run with the agent's own settings.
cat > "$PREFIX/bin/dockhand-agent" <<WRAPPER
#!/bin/sh
set -a; . "$PREFIX/agent.env"; set +a
exec "$PREFIX/bin/node" "$PREFIX/dockhand-agent.mjs" "\\$@"
WRAPPER
chmod 755 "$PREFIX/bin/dockhand-agent"

if [ "$USE_SYSTEMD" = 1 ] && command -v systemctl >/dev/null 2>&1; then
  cat > /etc/systemd/system/dockhand-agent.service <<UNIT
[Unit]
Description=Dockhand agent
After=network-online.target docker.service
Wants=network-online.target

[Service]
EnvironmentFile=$PREFIX/agent.env
ExecStart=$PREFIX/bin/node $PREFIX/dockhand-agent-launcher.mjs $PREFIX/dockhand-agent.mjs
Restart=always
RestartSec=3

[Install]
WantedBy=multi-user.target
UNIT
  ln -sf "$PREFIX/bin/dockhand-agent" /usr/local/bin/dockhand-agent
  systemctl daemon-reload
  systemctl enable dockhand-agent.service >/dev/null
  systemctl restart dockhand-agent.service
else
  if [ -f "$PREFIX/agent.pid" ] && kill -0 "$(cat "$PREFIX/agent.pid")" 2>/dev/null; then kill "$(cat "$PREFIX/agent.pid")"; fi
  (set -a; . "$PREFIX/agent.env"; set +a; nohup "$PREFIX/bin/node" "$PREFIX/dockhand-agent-launcher.mjs" "$PREFIX/dockhand-agent.mjs" >"$PREFIX/agent.log" 2>&1 & echo $! >"$PREFIX/agent.pid")
fi

echo "dockhand: agent installed in $PREFIX; waiting for its pairing code"
i=0
while [ $i -lt 60 ]; do
  if [ -s "$STATE_DIR/pairing-code" ]; then
    echo "Your server code: $(cat "$STATE_DIR/pairing-code")"
    echo "Enter it in the Dockhand dashboard (Add server) within 15 minutes."
    exit 0
  fi
  i=$((i + 1)); sleep 1
done
echo "dockhand: no pairing code yet. If this server was connected before, it is already paired;"
echo "otherwise check the agent log (journalctl -u dockhand-agent or $PREFIX/agent.log)."
`;
}
