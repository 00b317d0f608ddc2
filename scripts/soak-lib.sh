# What both modes of `make soak` share (scripts/soak.sh, scripts/soak-library.sh):
# the release app, a local server that prints its port, Xvfb, the app's
# window, and the process's resident memory, descriptors and threads.
# Sourced after `cd` to the repository; sets app, work, server_pid,
# xvfb_pid and window, and cleans up on exit (the caller sets app_pid).

{ swift build -c release -Xswiftc -warnings-as-errors --product item-feed-window && swift build -c release -Xswiftc -warnings-as-errors --product item-feed; } 2>&1 | grep -E "error|Compiling|Build complete" || true
app="$(swift build -c release --show-bin-path)/item-feed"
work=$(mktemp -d)
soak_cleanup() { kill "${server_pid:-}" "${app_pid:-}" "${xvfb_pid:-}" 2>/dev/null || true; rm -rf "$work"; }
trap soak_cleanup EXIT

# soak_start_server SCRIPT ARGS...: its port in $work/port, its log of
# requests in $work/requests.
soak_start_server() {
    python3 -u "$@" > "$work/port" 2> "$work/requests" &
    server_pid=$!
    for _ in $(seq 50); do [[ -s $work/port ]] && break; sleep 0.1; done
}

# soak_start_xvfb DISPLAY_NUMBER
soak_start_xvfb() {
    export DISPLAY=:$1
    Xvfb "$DISPLAY" -screen 0 1280x1024x24 -nolisten tcp &> "$work/xvfb.log" &
    xvfb_pid=$!
    sleep 1
}

# soak_find_window WIDTH HEIGHT: the app's window, sized, at the corner, focused.
soak_find_window() {
    window=""
    for _ in $(seq 100); do
        window=$(xdotool search --pid "$app_pid" --onlyvisible 2>/dev/null | head -1 || true)
        [[ -n $window ]] && break
        sleep 0.2
    done
    [[ -n $window ]] || { echo "soak: the window never appeared"; cat "$work/app.log"; exit 1; }
    xdotool windowsize "$window" "$1" "$2" windowmove "$window" 0 0 windowfocus "$window" || true
}

# Resident MiB, open descriptors and threads of the app.
soak_sample_process() {
    echo "$(awk '/VmRSS/ { print int($2 / 1024) }' "/proc/$app_pid/status") $(ls "/proc/$app_pid/fd" | wc -l) $(awk '/Threads/ { print $2 }' "/proc/$app_pid/status")"
}

max_of() { local m=0 v; for v in "$@"; do (( v > m )) && m=$v; done; echo "$m"; }
min_of() { local m=$1 v; for v in "$@"; do (( v < m )) && m=$v; done; echo "$m"; }
