#!/usr/bin/env bash
# The local Docker engine, for prepare.sh (tests, CI) and start.sh (its local agent): succeeds when
# an engine answers at DOCKER_SOCKET (the agent's setting, /var/run/docker.sock by default), starts
# an installed but stopped one when it can, and otherwise prints one line saying why there is no
# engine and the command that fixes it, then fails.
# Usage: bash scripts/docker-engine.sh [start|prepare]   (who asks: it names the command to re-run)
set -uo pipefail
socket="${DOCKER_SOCKET:-/var/run/docker.sock}"
default_socket=/var/run/docker.sock
log=/var/log/dockerd.log
if [ "${1:-start}" = prepare ]; then
  missing="prepare: no Docker engine" again="then run bash scripts/prepare.sh again"
else
  missing="No local agent" again="then run bash scripts/start.sh again"
fi

# 0 when the engine answers its ping, 2 when this user may not open its socket, 1 otherwise.
ping_engine() {
  node -e '
    const request = require("node:http").get({ socketPath: process.argv[1], path: "/_ping", timeout: 3000 });
    request.on("response", (response) => process.exit(response.statusCode === 200 ? 0 : 1));
    request.on("timeout", () => process.exit(1));
    request.on("error", (error) => process.exit(error.code === "EACCES" ? 2 : 1));
  ' "$socket"
}

ping_engine
case $? in
  0) exit 0 ;;
  2)
    echo "$missing: this user may not use the Docker engine at $socket. Add it to the docker group (sudo usermod -aG docker $(id -un), then sign in again) or run the start as root, $again."
    exit 1
    ;;
esac

if ! command -v dockerd >/dev/null 2>&1; then
  echo "$missing: Docker is not installed. Install it with sudo bash scripts/prepare.sh (Debian's docker.io and docker-compose), $again."
  exit 1
fi
if [ "$socket" != "$default_socket" ]; then
  # Never start a second engine of our own on someone else's socket.
  echo "$missing: no Docker engine answers at $socket (DOCKER_SOCKET). Start the engine that listens there, or unset DOCKER_SOCKET, $again."
  exit 1
fi
if [ "$(id -u)" != 0 ]; then
  echo "$missing: the Docker engine is installed but not running. Start it with sudo systemctl start docker, $again."
  exit 1
fi

echo "Starting the Docker engine (it was installed but not running)"
if [ -d /run/systemd/system ]; then
  systemctl start docker >/dev/null 2>&1
else
  (dockerd >"$log" 2>&1 &)
fi
for _ in $(seq 1 60); do
  ping_engine && exit 0
  sleep 1
done
echo "$missing: the Docker engine did not start (see $log or journalctl -u docker). Fix what it says, $again."
exit 1
