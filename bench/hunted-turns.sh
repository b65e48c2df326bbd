#!/bin/sh
# hunted-turns.sh: the CPU time of game turns with every monster hunting.
#
#   bench/hunted-turns.sh [-m MONSTERS] [-p PLANNER] [-k KEYS] [-w TURNS] ASTRAY MAP SEED...
#
# Plays each seed headless on MAP (a Moving AI map or dungeon file) with
# MONSTERS monsters (default 200), every one planning with PLANNER
# (default crowd) and hearing the player wherever they are (--hunted),
# the player walking KEYS (default twenty rounds of a 4x4 square: a new
# cell every turn, so every turn searches afresh), until the keys run out
# or the player dies.  Prints the number of turns timed over all seeds
# and the median, p90, p99 and largest turn CPU time (--timing: the
# thread's clock), in milliseconds: of every turn, then of the turns
# after the first TURNS (default 4) of each game.  The first four turns
# are where a context's four target slots (plan-field.c) run their first
# searches; the game reserves their memory when it sets the level up
# (path_context_reserve), so they cost about 0.3 ms more than the rest,
# not the 1 ms of some hundreds of page faults each; a game of 45 turns
# (200 hunters kill the player that soon) has nine such turns in a
# hundred, where a long game has few.  Saves
# and scores go to a scratch folder.  The figure of design.md: 200 monsters on 8room_000, p99 under
# 5 ms.  From a build folder, with the source tree's data:
#
#   ASTRAY_DATA=../data ../bench/hunted-turns.sh ./astray \
#       ../bench/maps/room/8room_000.map 1 2 3 4 5
set -eu
monsters=200
planner=crowd
keys=
warm=4
while getopts m:p:k:w: opt; do
	case $opt in
	w) warm=$OPTARG ;;
	m) monsters=$OPTARG ;;
	p) planner=$OPTARG ;;
	k) keys=$OPTARG ;;
	*) echo "usage: $0 [-m MONSTERS] [-p PLANNER] [-k KEYS] [-w TURNS] ASTRAY MAP SEED..." >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || { echo "usage: $0 [-m MONSTERS] [-p PLANNER] [-k KEYS] [-w TURNS] ASTRAY MAP SEED..." >&2; exit 2; }
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
	rm -f "$tmp/game.save" "$tmp/err"
	XDG_DATA_HOME=$tmp "$astray" --headless --seed "$seed" --hunted \
	    --planner "$planner" --dungeon "$map" --monsters "$monsters" \
	    --timing --save "$tmp/game.save" --scores "$tmp/scores" \
	    --keys "$keys" 2>"$tmp/err" >/dev/null
	# The turn's number in its game, then its time.
	grep '^time ' "$tmp/err" | awk '{ print NR, $2 }' >>"$tmp/times"
done
# Prints the figures of the turns whose number is above $1.
figures() {
	awk -v from="$1" '$1 > from { print $2 }' "$tmp/times" | sort -n |
	    awk -v from="$1" '
	{ t[NR] = $1 }
	END {
		if (NR == 0) { print "no turns timed"; exit 1 }
		p90 = int(NR * 0.90 + 0.999); p99 = int(NR * 0.99 + 0.999)
		printf "turns %d%s: median %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
		    NR, (from > 0 ? " after the first " from " of each game" : ""),
		    t[int(NR / 2) + 1] / 1e6, t[p90] / 1e6, t[p99] / 1e6,
		    t[NR] / 1e6
	}'
}
figures 0
figures "$warm"
