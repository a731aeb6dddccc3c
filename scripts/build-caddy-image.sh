#!/usr/bin/env bash
# Builds a local stand-in for the official `caddy:<tag>` image from Debian's `caddy` package (no
# image can be pulled on test machines). It is laid out like the official image: the binary at
# /usr/bin/caddy, the Caddyfile at /etc/caddy/Caddyfile, certificates and ACME account under /data
# (XDG_DATA_HOME), autosaved config under /config, and the same default command.
# Usage: bash scripts/build-caddy-image.sh <tag>   (e.g. 2.10.2; the catalog template's release)
set -euo pipefail
tag=${1:?usage: build-caddy-image.sh <tag>}
[[ $tag =~ ^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$ ]] || { echo "build-caddy-image: bad tag '$tag'" >&2; exit 2; }
binary=$(command -v caddy) || { echo "build-caddy-image: caddy is not installed (scripts/prepare.sh installs it)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root/usr/bin" "$root/etc/caddy" "$root/data" "$root/config" "$root/srv" "$root/tmp"
chmod 1777 "$root/tmp"
cp "$binary" "$root/usr/bin/caddy"
# Debian links caddy dynamically (libc, libzstd): copy the loader and every library it names.
ldd "$binary" | grep -o '/[^ ]*' | while read -r lib; do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
# Caddy's CA needs a trust store to exist when it installs its root (it skips the install in a
# container, but reads the paths); the official image ships ca-certificates too.
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  mkdir -p "$root/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
fi
printf ':80 {\n\trespond "Caddy works"\n}\n' >"$root/etc/caddy/Caddyfile"

tar -C "$root" -cf "$work/image.tar" .
docker import \
  --change 'ENV XDG_CONFIG_HOME=/config' \
  --change 'ENV XDG_DATA_HOME=/data' \
  --change 'ENV PATH=/usr/bin' \
  --change 'WORKDIR /srv' \
  --change 'EXPOSE 80 443 2019' \
  --change 'CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]' \
  "$work/image.tar" "caddy:$tag" >/dev/null
echo "build-caddy-image: caddy:$tag from $("$binary" version)"
