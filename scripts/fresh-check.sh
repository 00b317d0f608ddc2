#!/usr/bin/env bash
# `make fresh-check`: the README's two commands as a new user runs them, on a
# minimal Debian 12 root made with debootstrap that holds only the Swift
# toolchain the README assumes (with swift.org's own list of what it needs)
# and a clean clone of this repository's HEAD, beside the shared corpus.
# Inside: `make run` until the app's window is up, then `make test`.
# Everything else they need must be installed by the project's own scripts.
# Needs root (debootstrap, chroot, mounts) and the network to Debian's mirror.
# Everything is mounted in a private mount namespace, gone when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."

[ "$(id -u)" -eq 0 ] || exec sudo -E "$0" "$@"
scripts/install-deps debootstrap util-linux

work=${FRESH_CHECK_DIR:-$PWD/.build-fresh}
root=$work/root
mirror=${FRESH_CHECK_MIRROR:-http://deb.debian.org/debian}
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
toolchain=${SWIFT_TOOLCHAIN:-${swift_bin%/usr/bin}}
shared=$(readlink -f ../shared 2>/dev/null || true)
log=$work/fresh-check.log
mkdir -p "$work"
: > "$log"
say() { echo "fresh-check: $*" | tee -a "$log"; }
started=$(date +%s)

stop_root_processes() {
  for link in /proc/[0-9]*/root; do
    [ "$(readlink "$link" 2>/dev/null)" = "$root" ] || continue
    pid=${link#/proc/}; kill -9 "${pid%/root}" 2>/dev/null || true
  done
}
trap stop_root_processes EXIT

# The base system only, kept between runs; every run starts from it anew.
base=$work/bookworm-minbase.tgz
if [ ! -s "$base" ]; then
  say "debootstrap: making the Debian 12 base ($mirror)"
  rm -rf "$work/tarball-root"
  debootstrap --variant=minbase --make-tarball="$base" bookworm "$work/tarball-root" "$mirror" >> "$log" 2>&1
  rm -rf "$work/tarball-root"
fi
stop_root_processes
rm -rf "$root"
say "debootstrap: unpacking a fresh Debian 12 root"
debootstrap --variant=minbase --unpack-tarball="$base" bookworm "$root" "$mirror" >> "$log" 2>&1

say "the Swift toolchain the README assumes: $toolchain"
mkdir -p "$root/opt"
cp -a "$toolchain" "$root/opt/swift"
git clone --quiet "$PWD" "$root/root/item-feed"
[ -n "$shared" ] && cp -a "$shared" "$root/root/shared"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# The network's own: a machine on this network trusts its local CAs (a TLS
# proxy, say), so the root is given them, and nothing of the project.
mkdir -p "$root/usr/local/share/ca-certificates"
cp -a /usr/local/share/ca-certificates/. "$root/usr/local/share/ca-certificates/" 2>/dev/null || true

# Inside the root, as a newcomer: swift.org's prerequisites for the toolchain
# on Debian 12, a display (a desktop has one; here Xvfb), then the README.
cat > "$root/root/newcomer.sh" <<'INSIDE'
set -euo pipefail
export PATH=/opt/swift/usr/bin:$PATH HOME=/root LANG=C.UTF-8
echo "== the Swift toolchain's own prerequisites (swift.org, Debian 12)"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  binutils-gold ca-certificates gcc git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-12-dev \
  libncurses-dev libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libz3-dev pkg-config \
  python3-lldb-13 tzdata unzip zlib1g-dev > /dev/null
update-ca-certificates > /dev/null
echo "== what the README asks for beside Swift: make (git made the clone)"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends make > /dev/null
echo "== the desktop a newcomer sits at: a display (Xvfb) and a session bus"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends xvfb xauth procps dbus-daemon dbus-bin > /dev/null
Xvfb :77 -screen 0 1280x800x24 -nolisten tcp & xvfb=$!
cd /root/item-feed
echo "== make run"
DISPLAY=:77 dbus-run-session -- make run > /root/make-run.log 2>&1 & run=$!
# The window's own process, on the demo feed (not the linker that makes it).
app='.*/item-feed-window resources/demo/feed\.json'
up=""
for _ in $(seq 3600); do
  if pgrep -fx "$app" > /dev/null; then sleep 5; pgrep -fx "$app" > /dev/null && up=1; break; fi
  kill -0 $run 2> /dev/null || break
  sleep 1
done
pkill -fx "$app" || true
wait $run || true
tail -n 20 /root/make-run.log
kill $xvfb || true
[ -n "$up" ] || { echo "make run: the app did not stay up"; exit 1; }
echo "make run: the app ran for 5 s on the demo feed"
echo "== make test"
make test
INSIDE

say "inside the root: make run, then make test (log: $log)"
status=0
unshare --mount --propagation private bash -euo pipefail -c '
  root=$1
  # On a machine, / is a mount point (ip netns exec remounts it): so is the root here.
  mount --bind "$root" "$root"
  mount -t proc proc "$root/proc"
  mount -t sysfs sys "$root/sys"
  mount --rbind /dev "$root/dev"
  mount -t tmpfs tmpfs "$root/dev/shm"
  mount -t tmpfs tmpfs "$root/run"
  mount -t tmpfs tmpfs "$root/tmp"
  chmod 1777 "$root/tmp" "$root/dev/shm"
  exec chroot "$root" /usr/bin/env -i TERM=dumb bash /root/newcomer.sh
' fresh "$root" >> "$log" 2>&1 || status=$?
stop_root_processes
minutes=$(( ($(date +%s) - started + 59) / 60 ))
if [ $status -eq 0 ]; then
  say "passed in $minutes min: make run and make test green in a fresh Debian 12 root"
else
  say "FAILED (status $status) after $minutes min; the end of $log:"
  tail -n 40 "$log"
fi
exit $status
