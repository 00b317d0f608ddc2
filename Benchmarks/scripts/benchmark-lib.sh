# Shared by make benchmark's scripts (first-rows.sh, scroll-cpu.sh, refresh.sh, sync.sh).

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
