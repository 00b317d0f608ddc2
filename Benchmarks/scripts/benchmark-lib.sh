# Shared by make benchmark's scripts (first-rows.sh, scroll-cpu.sh, refresh.sh, sync.sh, sync-ttrss.sh).

# The median of the numbers on standard input, one per line.
median() { sort -n | awk '{ value[NR] = $1 } END { print value[int((NR + 1) / 2)] }'; }

# "met" when RATIO is at most LIMIT, else "NOT met".
verdict() { echo "$1 <= $2" | bc -l | sed 's/1/met/; s/0/NOT met/'; }

# Xvfb on display :$1 for the probe's window; its pid in $xvfb (the caller's
# cleanup stops it).
start_xvfb() {
    export DISPLAY=:$1
    Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp &> /dev/null &
    xvfb=$!
    sleep 1
}

# A D-Bus session bus and GNOME Keyring of the run's own under $1 (the
# accounts' passwords); the bus's pid in $bus (the caller's cleanup stops it).
start_keyring() {
    mkdir -p "$1/home/run" && chmod 700 "$1/home/run"
    local address
    address=$(dbus-daemon --session --print-address=1 --print-pid=2 --fork 2> "$1/bus.pid" | head -1)
    bus=$(cat "$1/bus.pid")
    export DBUS_SESSION_BUS_ADDRESS=$address
    printf 'benchmark' | HOME=$1/home XDG_RUNTIME_DIR=$1/home/run XDG_DATA_HOME=$1/home/data \
        gnome-keyring-daemon --unlock --components=secrets > /dev/null 2>&1
}

# newsboat's configuration in $1 (and an empty urls file) for syncing
# through its source $2 (feedhq, ttrss) at $3 as user $4 with password $5.
newsboat_sync_config() {
    mkdir -p "$1"
    printf 'urls-source "%s"\n%s-url "%s"\n%s-login "%s"\n%s-password "%s"\nreload-threads 16\n' \
        "$2" "$2" "$3" "$2" "$4" "$2" "$5" > "$1/config"
    touch "$1/urls"
}
