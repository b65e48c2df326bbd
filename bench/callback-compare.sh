#!/bin/sh
# callback-compare.sh: the price of costs from the caller
# (path_grid_new_callback) against the stored grid, as A*'s time per
# query on each map, measured in the same runs.
#
#   bench/callback-compare.sh [-r ROUNDS] [-p PASSES] FILE.map.scen...
#
# For each file, ROUNDS times (default 5), a process of its own runs
# astray-lab scen --search astar,callback: every query on the stored grid
# and on a callback grid whose function reads the same map (so both give
# the same answers), the two taking turns to go first.  With -p each
# search times PASSES whole passes over the file instead (scen
# --repeat), for queries shorter than a reading of the clock.
# astray-lab times by the thread's CPU clock.  The table gives per map
# the median over rounds of each mean (microseconds per query), of
# nanoseconds per expansion and of the ratio callback / stored, and the
# problems either got wrong (summed over rounds).
set -eu

lab=${LAB:-./astray-lab}
rounds=5
passes=
while [ $# -gt 0 ]; do
	case $1 in
	-r) rounds=$2; shift 2 ;;
	-p) passes="--repeat $2"; shift 2 ;;
	--) shift; break ;;
	-*) echo "$0: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
if [ $# -eq 0 ]; then
	echo "usage: $0 [-r ROUNDS] [-p PASSES] FILE.map.scen..." >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() {
	sort -g | awk '{ v[NR] = $1 }
	    END { if (NR % 2) print v[(NR + 1) / 2];
	    else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

printf '%-24s %10s %10s %9s %9s %7s %6s\n' map stored_us callback_us \
    stored_ns callback_ns ratio wrong
for scen in "$@"; do
	: >"$tmp/rows"
	r=0
	while [ "$r" -lt "$rounds" ]; do
		# shellcheck disable=SC2086
		"$lab" scen --search astar,callback $passes "$scen" \
		    >"$tmp/out" || true
		awk '$2 == "astar" { a = $5; an = $9; w += $4 }
		    $2 == "callback" { c = $5; cn = $9; w += $4 }
		    END { print a, c, an, cn, c / a, w }' "$tmp/out" \
		    >>"$tmp/rows"
		r=$((r + 1))
	done
	printf '%-24s %10s %10s %9s %9s %7.2f %6s\n' "$(basename "$scen")" \
	    "$(cut -d' ' -f1 "$tmp/rows" | median)" \
	    "$(cut -d' ' -f2 "$tmp/rows" | median)" \
	    "$(cut -d' ' -f3 "$tmp/rows" | median)" \
	    "$(cut -d' ' -f4 "$tmp/rows" | median)" \
	    "$(cut -d' ' -f5 "$tmp/rows" | median)" \
	    "$(awk '{ s += $6 } END { print s }' "$tmp/rows")"
done
