#!/bin/sh
# hunted-turns.sh: the CPU time of game turns with every monster hunting.
#
#   bench/hunted-turns.sh [-m MONSTERS] [-p PLANNER] [-k KEYS] ASTRAY MAP SEED...
#
# Plays each seed headless on MAP (a Moving AI map or dungeon file) with
# MONSTERS monsters (default 200), every one planning with PLANNER
# (default crowd) and hearing the player wherever they are (--hunted),
# the player walking KEYS (default twenty rounds of a 4x4 square: a new
# cell every turn, so every turn searches afresh), until the keys run out
# or the player dies.  Prints the number of turns timed over all seeds
# and the median, p90, p99 and largest turn CPU time (--timing: the
# thread's clock), in milliseconds.  Saves and scores go to a scratch
# folder.  The figure of design.md: 200 monsters on 8room_000, p99 under
# 5 ms.  From a build folder, with the source tree's data:
#
#   ASTRAY_DATA=../data ../bench/hunted-turns.sh ./astray \
#       ../bench/maps/room/8room_000.map 1 2 3 4 5
set -eu
monsters=200
planner=crowd
keys=
while getopts m:p:k: opt; do
	case $opt in
	m) monsters=$OPTARG ;;
	p) planner=$OPTARG ;;
	k) keys=$OPTARG ;;
	*) echo "usage: $0 [-m MONSTERS] [-p PLANNER] [-k KEYS] ASTRAY MAP SEED..." >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || { echo "usage: $0 [-m MONSTERS] [-p PLANNER] [-k KEYS] ASTRAY MAP SEED..." >&2; exit 2; }
astray=$1
map=$2
shift 2
if [ -z "$keys" ]; then
	i=0
	while [ "$i" -lt 20 ]; do
		keys="${keys}llllkkkkhhhhjjjj"
		i=$((i + 1))
	done
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/astray-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
for seed in "$@"; do
	rm -f "$tmp/game.save"
	XDG_DATA_HOME=$tmp "$astray" --headless --seed "$seed" --hunted \
	    --planner "$planner" --dungeon "$map" --monsters "$monsters" \
	    --timing --save "$tmp/game.save" --scores "$tmp/scores" \
	    --keys "$keys" 2>>"$tmp/times" >/dev/null
done
grep '^time ' "$tmp/times" | awk '{ print $2 }' | sort -n | awk '
	{ t[NR] = $1 }
	END {
		if (NR == 0) { print "no turns timed"; exit 1 }
		p90 = int(NR * 0.90 + 0.999); p99 = int(NR * 0.99 + 0.999)
		printf "turns %d: median %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
		    NR, t[int(NR / 2) + 1] / 1e6, t[p90] / 1e6, t[p99] / 1e6,
		    t[NR] / 1e6
	}'
