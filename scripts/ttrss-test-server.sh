#!/usr/bin/env bash
# A private Tiny Tiny RSS (Debian's tt-rss, PostgreSQL, PHP) on loopback for
# the sync tests, and a feed host in a network namespace that it accepts (it
# refuses feeds on loopback addresses and on ports other than 80).
#
#   scripts/ttrss-test-server.sh start DIR   # DIR/env: ITEMFEED_TTRSS=DIR
#   scripts/ttrss-test-server.sh stop DIR
#
# DIR afterwards holds: url (the API's base), feeds-url (the feed host's base),
# feeds/ (what the feed host serves; write a feed there, then subscribe to
# feeds-url/NAME), add-user NAME PASSWORD (a user with API access) and psql.
set -euo pipefail

command=${1:?start or stop}
dir=${2:?a state folder}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

stop() {
  [ -d "$dir" ] || return 0
  for pidfile in "$dir"/*.pid; do
    [ -f "$pidfile" ] || continue
    pkill -TERM -P "$(cat "$pidfile")" 2>/dev/null || true
    kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  if [ -f "$dir/namespace" ]; then
    ip netns del "$(cat "$dir/namespace")" 2>/dev/null || true
  fi
  if [ -d "$dir/pg" ]; then
    setpriv --reuid=postgres --regid=postgres --init-groups \
      /usr/lib/postgresql/*/bin/pg_ctl -D "$dir/pg" -m immediate stop >/dev/null 2>&1 || true
  fi
}

if [ "$command" = stop ]; then
  stop
  rm -rf "$dir"
  exit 0
fi
[ "$command" = start ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "$0: needs root (a network namespace, www-data and postgres users)" >&2; exit 1; }
[ -d /usr/share/tt-rss/www ] || { echo "$0: Debian's tt-rss is not installed" >&2; exit 1; }

trap 'echo "$0: failed at line $LINENO; its logs are in $dir" >&2; stop' ERR
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
chmod 755 "$dir"
if ! setpriv --reuid=postgres --regid=postgres --init-groups test -x "$dir"; then
  echo "$0: PostgreSQL's user cannot reach $dir: every folder above it needs mode 755" >&2
  exit 1
fi
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
# In the background, the process whose id is kept is the server itself.
exec_as_www() { exec setpriv --reuid=www-data --regid=www-data --init-groups "$@"; }
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)

# The database: a cluster of its own, reached only by a socket in DIR.
mkdir -p "$dir/pg" "$dir/socket"
chown postgres:postgres "$dir/pg" "$dir/socket"
as_postgres "$pg_bin/initdb" -D "$dir/pg" -A trust -U postgres >"$dir/initdb.log" 2>&1
pg_port=$(free_port)
as_postgres "$pg_bin/pg_ctl" -D "$dir/pg" -l "$dir/pg/postgres.log" -w \
  -o "-p $pg_port -k $dir/socket -h 127.0.0.1 -c fsync=off" start >/dev/null
cat >"$dir/psql" <<EOF
#!/bin/sh
exec psql -q -X -v ON_ERROR_STOP=1 -h "$dir/socket" -p $pg_port -U postgres -d ttrss "\$@"
EOF
chmod 755 "$dir/psql"
psql -q -X -h "$dir/socket" -p "$pg_port" -U postgres -d postgres -c "create database ttrss"
"$dir/psql" -f /usr/share/tt-rss/schema/ttrss_schema_pgsql.sql >"$dir/schema.log" 2>&1

cat >"$dir/add-user" <<EOF
#!/bin/sh
# add-user NAME PASSWORD: a user whose API access is on.
set -e
"$dir/psql" -v login="\$1" -v hash="SHA1:\$(printf %s "\$2" | sha1sum | cut -d' ' -f1)" <<'SQL'
insert into ttrss_users (login, pwd_hash, access_level, created) values (:'login', :'hash', 0, now());
insert into ttrss_user_prefs (owner_uid, pref_name, profile, value)
  select id, 'ENABLE_API_ACCESS', null, 'true' from ttrss_users where login = :'login';
SQL
EOF
chmod 755 "$dir/add-user"

# The web server: a private copy of tt-rss's files with a configuration of
# its own, run as www-data (tt-rss refuses to run as root).
cp -rL /usr/share/tt-rss/www "$dir/www"
rm -f "$dir/www/config.php"
mkdir -p "$dir/lock" "$dir/cache/images" "$dir/cache/upload" "$dir/cache/export" "$dir/www/feed-icons"
api_port=$(free_port)
cat >"$dir/www/config.php" <<EOF
<?php
define('DB_TYPE', 'pgsql');
define('DB_HOST', '$dir/socket');
define('DB_PORT', '$pg_port');
define('DB_USER', 'postgres');
define('DB_NAME', 'ttrss');
define('DB_PASS', '');
define('MYSQL_CHARSET', 'UTF8');
define('SELF_URL_PATH', 'http://127.0.0.1:$api_port/');
define('SINGLE_USER_MODE', false);
define('SIMPLE_UPDATE_MODE', false);
define('PHP_EXECUTABLE', '/usr/bin/php');
define('LOCK_DIRECTORY', '$dir/lock');
define('CACHE_DIR', '$dir/cache');
define('ICONS_DIR', 'feed-icons');
define('ICONS_URL', 'feed-icons');
define('AUTH_AUTO_CREATE', true);
define('AUTH_AUTO_LOGIN', true);
define('FORCE_ARTICLE_PURGE', 0);
define('ENABLE_REGISTRATION', false);
define('REG_NOTIFY_ADDRESS', 'user@example.invalid');
define('REG_MAX_USERS', 10);
define('SESSION_COOKIE_LIFETIME', 86400);
define('SMTP_FROM_NAME', 'Tiny Tiny RSS');
define('SMTP_FROM_ADDRESS', 'noreply@example.invalid');
define('DIGEST_SUBJECT', 'digest');
define('CHECK_FOR_UPDATES', false);
define('ENABLE_GZIP_OUTPUT', false);
define('PLUGINS', 'auth_internal');
define('LOG_DESTINATION', '');
define('CONFIG_VERSION', 26);
EOF
chown -R www-data:www-data "$dir/lock" "$dir/cache" "$dir/www/feed-icons"
# PHP 8.2 raises deprecation warnings on every request of this tt-rss: to a
# file, so they reach neither the answers nor tt-rss's own log table.
(PHP_CLI_SERVER_WORKERS=4 exec_as_www php -d log_errors=1 -d display_errors=0 -d error_log="$dir/php.log" \
  -S "127.0.0.1:$api_port" -t "$dir/www" >"$dir/php-server.log" 2>&1) &
echo $! >"$dir/php.pid"
echo "http://127.0.0.1:$api_port" >"$dir/url"

# The feed host: a network namespace joined by a veth pair, its address
# private (10.203.N.2) and its server on port 80.
# The first pair name free from the process id on: a second server on the
# same machine (or one a killed run left) takes another.
for try in $(seq 0 249); do
  n=$(( ($$ + try) % 250 + 1 ))
  ip link show "iffh$n" >/dev/null 2>&1 || break
done
namespace="itemfeed-feeds-$$"
ip netns add "$namespace"
echo "$namespace" >"$dir/namespace"
ip link add "iff$n" type veth peer name "iffh$n"
ip link set "iff$n" netns "$namespace"
ip addr add "10.203.$n.1/24" dev "iffh$n"
ip link set "iffh$n" up
ip netns exec "$namespace" ip addr add "10.203.$n.2/24" dev "iff$n"
ip netns exec "$namespace" ip link set "iff$n" up
ip netns exec "$namespace" ip link set lo up
mkdir -p "$dir/feeds"
chmod 777 "$dir/feeds"
ip netns exec "$namespace" python3 -m http.server 80 --bind "10.203.$n.2" --directory "$dir/feeds" \
  >"$dir/feeds.log" 2>&1 &
echo $! >"$dir/feeds.pid"
echo "http://10.203.$n.2" >"$dir/feeds-url"

for _ in $(seq 100); do
  if curl -s -o /dev/null "$(cat "$dir/url")/api/" && curl -s -o /dev/null "$(cat "$dir/feeds-url")/"; then
    echo "ITEMFEED_TTRSS=$dir" >"$dir/env"
    exit 0
  fi
  sleep 0.1
done
echo "$0: tt-rss or the feed host did not answer; logs in $dir" >&2
stop
exit 1
