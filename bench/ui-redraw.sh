#!/bin/sh
# ui-redraw.sh: the terminal game's start-up and redraw times, in tmux.
#
#   bench/ui-redraw.sh [-n TURNS] [-s COLSxLINES] ASTRAY [astray options]
#
# Starts ASTRAY in a private tmux server of the given size (default
# 120x40) with ASTRAY_REDRAW_LOG set, turns on the paths overlay and the
# AI panel, waits TURNS turns (default 200) one key at a time, waiting for
# each frame, then quits with S (the save goes to a scratch folder) and
# prints how many monsters the last screen showed, the time from start to
# the first drawn screen and the median, p90 and p99 of the redraw time
# per frame, from the log the game wrote.
set -eu
turns=200
size=120x40
while getopts n:s: opt; do
	case $opt in
	n) turns=$OPTARG ;;
	s) size=$OPTARG ;;
	*) echo "usage: $0 [-n TURNS] [-s COLSxLINES] ASTRAY [options]" >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-n TURNS] [-s COLSxLINES] ASTRAY [options]" >&2; exit 2; }
astray=$1
shift
command -v tmux >/dev/null || { echo "$0: needs tmux" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/astray-bench.XXXXXX")
sock=astray-bench-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
log=$tmp/redraw.log
: >"$log"

frames() { wc -l <"$log"; }
# Sends a key and waits until the game has drawn one more frame.
key() {
	n=$(frames)
	tmux -L "$sock" send-keys -t bench "$1"
	i=0
	while [ "$(frames)" -le "$n" ] && [ $i -lt 500 ]; do
		sleep 0.01
		i=$((i + 1))
	done
}

cols=${size%x*}
lines=${size#*x}
tmux -L "$sock" -f /dev/null new-session -d -s bench -x "$cols" -y "$lines" \
    "env XDG_DATA_HOME='$tmp' XDG_CONFIG_HOME='$tmp' TERM=xterm-256color \
    LANG=C.UTF-8 ASTRAY_REDRAW_LOG='$log' $astray $* ; sleep 1"
i=0
while [ "$(frames)" -lt 1 ] && [ $i -lt 1000 ]; do
	sleep 0.01
	i=$((i + 1))
done
key Tab
key a
t=0
while [ $t -lt "$turns" ]; do
	key .
	t=$((t + 1))
done
# Monsters on the map part of the last screen: letters below the
# message lines, left of the AI panel.
shown=$(tmux -L "$sock" capture-pane -p -t bench | awk -v w=$((cols - 31)) \
    -v h="$lines" 'NR > 4 && NR < h { m = substr($0, 1, w)
    n += gsub(/[A-Za-z]/, "", m) } END { print n + 0 }')
tmux -L "$sock" send-keys -t bench S
sleep 0.3
echo "monsters on the last screen: $shown"

awk '
/first-screen/ { for (i = 1; i < NF; i++) if ($i == "first-screen") first = $(i + 1) }
{ ns[++n] = $3 }
END {
	# insertion sort: a few hundred frames
	for (i = 2; i <= n; i++) { v = ns[i]; j = i - 1
		while (j > 0 && ns[j] > v) { ns[j + 1] = ns[j]; j-- }
		ns[j + 1] = v }
	printf "first screen after %.1f ms\n", first / 1e6
	printf "frames %d: redraw median %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms\n",
	    n, ns[int((n + 1) / 2)] / 1e6, ns[int(n * 0.9)] / 1e6,
	    ns[int(n * 0.99)] / 1e6, ns[n] / 1e6
}' "$log"
