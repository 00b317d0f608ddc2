# Shared by make benchmark's Xvfb scripts (first-rows.sh, scroll-cpu.sh).

# The median of the numbers on standard input, one per line.
median() { sort -n | awk '{ value[NR] = $1 } END { print value[int((NR + 1) / 2)] }'; }

# "met" when RATIO is at most LIMIT, else "NOT met".
verdict() { echo "$1 <= $2" | bc -l | sed 's/1/met/; s/0/NOT met/'; }
