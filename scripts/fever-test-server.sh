#!/usr/bin/env bash
# A private coldsweat (a Fever API server, from PyPI) on loopback for the
# sync tests, with a feed host beside it.
#
#   scripts/fever-test-server.sh start DIR   # DIR/env: ITEMFEED_FEVER=DIR
#   scripts/fever-test-server.sh stop DIR
#
# DIR afterwards holds: url (the Fever API's address), feeds-url (the feed
# host's base), feeds/ (what it serves), add-user EMAIL PASSWORD (12
# characters at least), import OPML EMAIL (subscribes the user and fetches
# the feeds) and fetch (fetches every feed again). coldsweat is the one
# scripts/install-test-servers put in COLDSWEAT_VENV.
set -euo pipefail

command=${1:?start or stop}
dir=${2:?a state folder}
venv=${COLDSWEAT_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/item-feed-test-servers/coldsweat}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

stop() {
  [ -d "$dir" ] || return 0
  for pidfile in "$dir"/*.pid; do
    [ -f "$pidfile" ] || continue
    pkill -TERM -P "$(cat "$pidfile")" 2>/dev/null || true
    kill "$(cat "$pidfile")" 2>/dev/null || true
  done
}

if [ "$command" = stop ]; then
  stop
  rm -rf "$dir"
  exit 0
fi
[ "$command" = start ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ -x "$venv/bin/flask" ] || { echo "$0: coldsweat is not installed in $venv (scripts/install-test-servers)" >&2; exit 1; }

trap 'echo "$0: failed at line $LINENO; its logs are in $dir" >&2; stop' ERR
mkdir -p "$dir/feeds"
dir=$(cd "$dir" && pwd)
feeds_port=$(free_port)
python3 -m http.server "$feeds_port" --bind 127.0.0.1 --directory "$dir/feeds" >"$dir/feeds.log" 2>&1 &
echo $! >"$dir/feeds.pid"
echo "http://127.0.0.1:$feeds_port" >"$dir/feeds-url"

# Its settings from the environment (it reads FLASK_* when it has no
# config.toml): a database of its own in DIR.
cat >"$dir/flask" <<SCRIPT
#!/bin/sh
export FLASK_DATABASE_URL="sqlite:///$dir/coldsweat.db" FLASK_SECRET_KEY="item-feed tests"
exec "$venv/bin/flask" --app coldsweat "\$@"
SCRIPT
cat >"$dir/add-user" <<SCRIPT
#!/bin/sh
exec "$dir/flask" setup "\$1" --password "\$2" >/dev/null
SCRIPT
cat >"$dir/import" <<SCRIPT
#!/bin/sh
exec "$dir/flask" import "\$1" "\$2" --fetch >/dev/null 2>&1
SCRIPT
cat >"$dir/fetch" <<SCRIPT
#!/bin/sh
exec "$dir/flask" fetch >/dev/null 2>&1
SCRIPT
chmod +x "$dir/flask" "$dir/add-user" "$dir/import" "$dir/fetch"
"$dir/flask" setup itemfeed-probe@example.org --password itemfeed-probe-password >/dev/null

api_port=$(free_port)
("$dir/flask" run --host 127.0.0.1 --port "$api_port" >"$dir/coldsweat.log" 2>&1) &
echo $! >"$dir/coldsweat.pid"
echo "http://127.0.0.1:$api_port/fever/" >"$dir/url"

for _ in $(seq 100); do
  if curl -s -o /dev/null "$(cat "$dir/url")?api" && curl -s -o /dev/null "$(cat "$dir/feeds-url")/"; then
    echo "ITEMFEED_FEVER=$dir" >"$dir/env"
    exit 0
  fi
  sleep 0.1
done
echo "$0: coldsweat or the feed host did not answer; logs in $dir" >&2
stop
exit 1
